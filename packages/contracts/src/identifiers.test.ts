import { isValidDeaNumber, isValidNpi, npiNumberSchema, passesLuhn, paymentReference, providerQualificationsSchema } from './index';

describe('NPI check digit (Luhn over 80840 and the first nine digits)', () => {
  it.each(['1234567893', '1245319599', '1003000126', '1992999874'])('accepts %s', (npi) => {
    expect(isValidNpi(npi)).toBe(true);
  });

  it.each([
    ['a wrong check digit', '1234567890'],
    ['another wrong check digit', '1245319598'],
    ['two digits swapped', '1234567839'],
    ['nine digits', '123456789'],
    ['eleven digits', '12345678930'],
    ['letters', '12345678a3'],
  ])('refuses %s', (_label, npi) => {
    expect(isValidNpi(npi)).toBe(false);
  });

  it('answers the format message first and the check-digit message for a well-formed wrong number', () => {
    expect(npiNumberSchema.safeParse('12345').error?.issues[0]?.message).toBe('Invalid NPI Number. It must be 10 digits.');
    expect(npiNumberSchema.safeParse('1234567890').error?.issues[0]?.message).toBe(
      'Invalid NPI Number. Please check the number: its last digit does not match.',
    );
    expect(npiNumberSchema.safeParse('').error?.issues[0]?.message).toBe('This field is required.');
  });
});

describe('DEA check digit', () => {
  it.each(['AB1234563', 'BJ6125341', 'ab1234563'])('accepts %s', (dea) => {
    expect(isValidDeaNumber(dea)).toBe(true);
  });

  it.each([
    ['a wrong check digit', 'AB1234560'],
    ['one letter', 'A12345634'],
    ['six digits', 'AB123456'],
    ['a digit for a letter', 'A91234563'],
  ])('refuses %s', (_label, dea) => {
    expect(isValidDeaNumber(dea)).toBe(false);
  });
});

describe('state licences (SPEC §5, step 2)', () => {
  const parse = (stateLicenses: unknown) => providerQualificationsSchema.safeParse({ stateLicenses });

  it('drops blank rows and uppercases DEA numbers', () => {
    expect(
      parse([
        { state: 'TX', deaNumber: 'ab1234563', licenseNumber: 'L-1' },
        { state: '', deaNumber: ' ', licenseNumber: '' },
      ]).data?.stateLicenses,
    ).toEqual([{ state: 'TX', deaNumber: 'AB1234563', licenseNumber: 'L-1' }]);
  });

  it.each([
    ['an incomplete row', [{ state: 'TX', deaNumber: 'AB1234563' }], 'Each state license must include state, DEA number, and license number.'],
    [
      'two licences for one state',
      [
        { state: 'TX', deaNumber: 'AB1234563', licenseNumber: 'L-1' },
        { state: 'TX', deaNumber: 'BJ6125341', licenseNumber: 'L-2' },
      ],
      'Cannot have multiple licenses for the same state.',
    ],
    [
      'a malformed DEA number',
      [{ state: 'TX', deaNumber: 'AB12', licenseNumber: 'L-1' }],
      'Invalid DEA Number. It must be two letters followed by seven digits.',
    ],
    [
      'a wrong DEA check digit',
      [{ state: 'TX', deaNumber: 'AB1234560', licenseNumber: 'L-1' }],
      'Invalid DEA Number. Please check the number: its last digit does not match.',
    ],
  ])('refuses %s', (_label, rows, message) => {
    expect(parse(rows).error?.issues[0]?.message).toBe(message);
  });
});

describe('Luhn (card numbers)', () => {
  it("accepts Stripe's test cards and refuses a number with one digit changed", () => {
    for (const number of ['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117']) {
      expect({ number, passes: passesLuhn(number) }).toEqual({ number, passes: true });
      expect(passesLuhn(`${number.slice(0, -1)}${(Number(number.at(-1)) + 1) % 10}`)).toBe(false);
    }
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(false);
  });
});

describe('a payment reference', () => {
  it('is the first 12 hex digits of the payment id, upper case, in three groups of four', () => {
    expect(paymentReference('1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed')).toBe('1B9D-6BCD-BBFD');
    expect(paymentReference('00a1f2e3-0b4c-4d5e-8f60-718293a4b5c6')).toBe('00A1-F2E3-0B4C');
  });
});
