import { funnelRates } from './funnel';

describe('funnelRates', () => {
  it('gives the share of sign-ups that started a payment and of those that paid, rounded', () => {
    expect(funnelRates({ signUps: 128, started: 50, paid: 36 }, 12)).toBe('Over these 12 weeks, 39% of sign-ups started a payment; 72% of those paid.');
  });

  it('counts paid net of refunds and gives the refunded share of the payments started beside it', () => {
    expect(funnelRates({ signUps: 128, started: 50, paid: 36, refunded: 2 }, 12)).toBe(
      'Over these 12 weeks, 39% of sign-ups started a payment; 72% of those paid, and 4% were refunded.',
    );
    expect(funnelRates({ started: 8, paid: 5, refunded: 1 }, 12)).toBe('Over these 12 weeks, 63% of the payments started were paid, and 13% were refunded.');
    expect(funnelRates({ signUps: 0, started: 4, paid: 0, refunded: 4 }, 12)).toBe(
      'Over these 12 weeks, no one signed up; 0% of the payments started were paid, and 100% were refunded.',
    );
  });

  it('says what it can when a count is nothing', () => {
    expect(funnelRates({ signUps: 10, started: 0, paid: 0 }, 12)).toBe('Over these 12 weeks, none of the sign-ups started a payment.');
    expect(funnelRates({ signUps: 0, started: 4, paid: 1 }, 12)).toBe('Over these 12 weeks, no one signed up; 25% of the payments started were paid.');
    expect(funnelRates({ signUps: 0, started: 0, paid: 0 }, 12)).toBe('Over these 12 weeks, no one signed up and no payment was started.');
  });

  it('without the member figures gives the payments part only, and without the payment figures nothing', () => {
    expect(funnelRates({ started: 8, paid: 6 }, 12)).toBe('Over these 12 weeks, 75% of the payments started were paid.');
    expect(funnelRates({ started: 0, paid: 0 }, 12)).toBe('Over these 12 weeks, no payment was started.');
    expect(funnelRates({ signUps: 12 }, 12)).toBeNull();
  });
});
