import { ProviderMessages } from '@altmed/contracts/web';
import { checkLicenseRows, qualificationsFormOf, qualificationsRequestOf } from './qualifications';

describe('state licence rows (SPEC §5)', () => {
  it('drops blank rows', () => {
    expect(checkLicenseRows([{ state: '', deaNumber: ' ', licenseNumber: '' }])).toEqual({ licenses: [], error: null });
  });

  it('rejects partial rows, duplicate states and DEA numbers that fail their check digit', () => {
    expect(checkLicenseRows([{ state: 'NY', deaNumber: '', licenseNumber: 'L' }]).error).toBe(ProviderMessages.licenseIncomplete);
    const row = { state: 'NY', deaNumber: 'AB1234563', licenseNumber: 'L' };
    expect(checkLicenseRows([row, row]).error).toBe(ProviderMessages.licenseDuplicateState);
    expect(checkLicenseRows([{ ...row, deaNumber: 'A1234563' }]).error).toBe(ProviderMessages.deaFormat);
    expect(checkLicenseRows([{ ...row, deaNumber: 'AB1234564' }]).error).toBe(ProviderMessages.deaCheckDigit);
    expect(checkLicenseRows([{ ...row, deaNumber: ' ab1234563 ' }])).toEqual({ licenses: [row], error: null });
  });
});

describe('the qualifications form', () => {
  it('starts every list with one entry and sends only the filled ones', () => {
    const form = qualificationsFormOf({ _id: 'p', specialties: ['Nutrition', 'Not an area'] });
    expect(form).toMatchObject({ boardCertifications: [''], stateLicenses: [{ state: '', deaNumber: '', licenseNumber: '' }], specialties: ['Nutrition'] });
    expect(qualificationsRequestOf({ ...form, educationAndTraining: [' MIT, BSc ', ''] }).request).toEqual({
      specialties: ['Nutrition'],
      boardCertifications: [],
      hospitalAffiliations: [],
      educationAndTraining: ['MIT, BSc'],
      stateLicenses: [],
    });
  });
});
