import type { CompareProvider } from '@altmed/contracts/web';
import { compareRows, formatMiles, idsFromParam } from './compareRows';

const provider = (overrides: Partial<CompareProvider> = {}): CompareProvider => ({
  _id: 'p1',
  providerName: 'Dr. Maya Patel',
  practiceName: 'Green Valley Wellness',
  city: 'Austin',
  state: 'TX',
  specialties: ['Nutrition', 'Autoimmune'],
  licenseStates: ['TX'],
  boardCertifications: [],
  educationAndTraining: [],
  yearsSinceFirstLicense: null,
  totalReviews: 3,
  averageSatisfactionRating: 4.5,
  averageEfficacyRating: 4,
  distanceMiles: null,
  ...overrides,
});

describe('compare rows', () => {
  it('marks the rows whose values differ, lists regardless of order and case', () => {
    const rows = compareRows({
      providers: [
        provider(),
        provider({ _id: 'p2', specialties: ['autoimmune', 'Nutrition'], licenseStates: ['OR'], averageEfficacyRating: 3.5, distanceMiles: 12.5 }),
      ],
      origin: { zip: '78701', known: true },
    });
    const differs = Object.fromEntries(rows.map((row) => [row.key, row.differs]));
    expect(differs).toEqual({
      specialties: false,
      licenseStates: true,
      boardCertifications: false,
      education: false,
      yearsLicensed: false,
      satisfaction: false,
      efficacy: true,
      distance: true,
    });
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    expect(byKey.boardCertifications!.cells[0]).toEqual({ kind: 'text', text: 'None listed', muted: true });
    expect(byKey.yearsLicensed!.cells[0]).toEqual({ kind: 'text', text: 'Not provided', muted: true });
    expect(byKey.distance!.cells).toEqual([
      { kind: 'text', text: 'Unknown', muted: true },
      { kind: 'text', text: '12.5 miles' },
    ]);
  });

  it('asks for a ZIP before distances, and says when there are no reviews', () => {
    const rows = compareRows({ providers: [provider({ totalReviews: 0 }), provider({ _id: 'p2', totalReviews: 0 })], origin: null });
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    expect(byKey.distance).toMatchObject({ differs: false, cells: [{ text: 'Enter your ZIP code' }, { text: 'Enter your ZIP code' }] });
    expect(byKey.satisfaction).toMatchObject({ differs: false, cells: [{ text: 'No reviews yet' }, { text: 'No reviews yet' }] });
  });

  it('reads the ids of an address and formats miles', () => {
    const a = '11111111-1111-4111-8111-111111111111';
    const b = '22222222-2222-4222-8222-222222222222';
    expect(idsFromParam(`${a},${b.toUpperCase()},junk,${a}`)).toEqual([a, b]);
    expect(idsFromParam(null)).toEqual([]);
    expect(idsFromParam([1, 2, 3, 4, 5].map((n) => `${n}`.repeat(8) + '-1111-4111-8111-111111111111').join(','))).toHaveLength(4);
    expect(formatMiles(1706.24)).toBe('1,706.2 miles');
    expect(formatMiles(1)).toBe('1 mile');
  });
});
