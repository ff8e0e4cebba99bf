import { areaOf, reportWebVitals } from './webVitals';

it('names the team whose part of the site a page is', () => {
  expect(areaOf('/')).toBe('shell');
  expect(areaOf('/account')).toBe('shell');
  expect(areaOf('/providers')).toBe('mfe_member');
  expect(areaOf('/provider-profile/4f1c')).toBe('mfe_member');
  expect(areaOf('/provider/profile')).toBe('mfe_provider');
  expect(areaOf('/admin/promo-codes')).toBe('mfe_admin');
});

it('measures only a sample of page loads', () => {
  const listening = jest.spyOn(window, 'addEventListener');
  reportWebVitals(() => 0.99);
  expect(listening).not.toHaveBeenCalledWith('pagehide', expect.any(Function));
  reportWebVitals(() => 0.01);
  expect(listening).toHaveBeenCalledWith('pagehide', expect.any(Function));
  listening.mockRestore();
});
