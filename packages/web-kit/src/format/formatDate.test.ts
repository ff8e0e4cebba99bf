import { formatDate } from './formatDate';

describe('formatDate', () => {
  it('writes the month out and reads the day in UTC', () => {
    expect(formatDate('2025-06-05T23:30:00.000Z')).toBe('June 5, 2025');
    expect(formatDate(new Date(Date.UTC(2024, 11, 31)))).toBe('December 31, 2024');
  });

  it('answers null for something that is not a date', () => {
    expect(formatDate('not a date')).toBeNull();
    expect(formatDate('')).toBeNull();
  });
});
