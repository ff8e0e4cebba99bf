import type { SessionState } from '@altmed/web-kit';
import { preloadRemotePage } from './preloadRemotePage';

const anonymous: SessionState = { token: null, user: null };
const member: SessionState = { token: 'tok', user: { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' } };
const admin: SessionState = { token: 'tok', user: { id: 'a1', name: 'Admin', email: 'admin@example.com', role: 'admin' } };

function preloaded(pathname: string, session: SessionState): string[] {
  const loads: string[] = [];
  preloadRemotePage(pathname, session, (remote, module) => {
    loads.push(`${remote}/${module}`);
    return Promise.resolve();
  });
  return loads;
}

it('starts loading the remote module of the page being opened', () => {
  expect(preloaded('/provider-portal', anonymous)).toEqual(['mfe_provider/ProviderPortalPage']);
  expect(preloaded('/admin/login', anonymous)).toEqual(['mfe_admin/AdminApp']);
  expect(preloaded('/provider-profile/abc', member)).toEqual(['mfe_member/ProviderProfilePage']);
  expect(preloaded('/admin/providers', admin)).toEqual(['mfe_admin/AdminApp']);
});

it('loads nothing for the shell’s own pages', () => {
  expect(preloaded('/', anonymous)).toEqual([]);
  expect(preloaded('/about', member)).toEqual([]);
});

it('loads nothing for a page the session may not open: the guard sends it elsewhere', () => {
  expect(preloaded('/admin/providers', anonymous)).toEqual([]);
  expect(preloaded('/admin/providers', member)).toEqual([]);
  expect(preloaded('/compare', anonymous)).toEqual([]);
  expect(preloaded('/provider/profile', member)).toEqual([]);
});
