import { availableActions, providerStatus } from './providers';

describe('provider status rules (SPEC §4)', () => {
  it.each([
    [false, false, 'Blocked', ['unblock']],
    [false, true, 'Blocked', ['unblock']],
    [true, false, 'Pending', ['approve', 'block']],
    [true, true, 'Approved', ['block']],
  ])('isActive=%s isApproved=%s → %s with %j', (isActive, isApproved, status, actions) => {
    expect(providerStatus({ isActive, isApproved })).toBe(status);
    expect(availableActions({ isActive, isApproved })).toEqual(actions);
  });
});
