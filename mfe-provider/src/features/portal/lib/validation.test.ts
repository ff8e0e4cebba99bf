import { checkStateLicenses, PortalMessages } from './validation';

describe('state licences (SPEC §5)', () => {
  it('drops blank rows', () => {
    expect(checkStateLicenses([{ state: '', deaNumber: ' ', licenseNumber: '' }])).toEqual({ licenses: [], error: null });
  });

  it('rejects duplicate states', () => {
    const row = { state: 'NY', deaNumber: 'A', licenseNumber: 'B' };
    expect(checkStateLicenses([row, row]).error).toBe(PortalMessages.licenseDuplicate);
  });
});
