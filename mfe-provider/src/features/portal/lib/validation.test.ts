import { providerSignupSchema } from '@altmed/contracts';
import { emptyPracticeInfo, validatePracticeField, validatePracticeInfo, type PracticeField, type PracticeInfo } from './validation';

const valid: PracticeInfo = {
  practiceName: 'Green Leaf Clinic',
  providerName: 'Dr. Rowan Hale',
  email: 'rowan@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  // 10 digits with the right check digit (Luhn over 80840 and the first nine digits).
  npiNumber: '1234567893',
  address: '1 Main St',
  suite: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

/** The first message the contracts' schema gives each field of `values` (what a 400 answer's `errors` carries). */
function schemaErrors(values: PracticeInfo): Partial<Record<PracticeField, string>> {
  const result = providerSignupSchema.safeParse(values);
  const errors: Partial<Record<PracticeField, string>> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as PracticeField;
    errors[field] ??= issue.message;
  }
  return errors;
}

describe('step 1 checks the rules of providerSignupSchema', () => {
  const cases: [string, Partial<PracticeInfo>][] = [
    ['a complete form', {}],
    ['blank texts', { practiceName: '  ', providerName: '', address: ' ', city: '' }],
    ['no state, no ZIP', { state: '', zip: '' }],
    ['a state that is not one of the 50', { state: 'ZZ' }],
    ['a ZIP longer than 5', { zip: '787011' }],
    ['an email without a domain', { email: 'rowan@example' }],
    ['an email with spaces around it', { email: '  rowan@example.com ' }],
    ['an NPI of 9 digits', { npiNumber: '123456789' }],
    ['an NPI whose check digit is wrong', { npiNumber: '1234567890' }],
    ['a short password', { password: 'abc', confirmPassword: 'abc' }],
    ['a password of spaces', { password: '   ', confirmPassword: '   ' }],
    ['passwords that differ', { confirmPassword: 'secret2' }],
    ['a suite', { suite: 'Suite 4' }],
  ];

  it.each(cases)('%s: the same messages as the schema', (_name, change) => {
    const values = { ...valid, ...change };
    expect(validatePracticeInfo(values)).toEqual(schemaErrors(values));
  });

  it('requires the confirmation too, which the API takes as optional', () => {
    expect(validatePracticeField('confirmPassword', { ...valid, confirmPassword: '' })).toBe('This field is required.');
    expect(validatePracticeInfo(emptyPracticeInfo)).toEqual(
      Object.fromEntries(Object.keys(emptyPracticeInfo).flatMap((field) => (field === 'suite' ? [] : [[field, 'This field is required.']]))),
    );
  });
});
