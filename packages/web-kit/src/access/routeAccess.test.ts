import { GuardMessages, guardDecision, type GuardDecision } from './routeAccess';
import type { SessionState, SessionUser } from '../session/types';

const member: SessionUser = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' };
const provider: SessionUser = { id: 'p1', name: 'Dr. Lee', email: 'lee@example.com', role: 'provider', providerId: 'prov-1' };
const admin: SessionUser = { id: 'a1', name: 'Admin', email: 'admin@example.com', role: 'admin', isAdmin: true };
const loggedOut: SessionState = { token: null, user: null };
const as = (user: SessionUser): SessionState => ({ token: 'tok', user });
const allowed: GuardDecision = { allowed: true };

describe('the route access table', () => {
  it.each([
    '/',
    '/how',
    '/about',
    '/faq',
    '/contact',
    '/privacy',
    '/terms',
    '/reset-password',
    '/provider-portal',
    '/qualifications',
    '/completion',
    '/admin/login',
    '/admin/accept-invitation',
  ])('%s is open to anyone', (path) => {
    expect(guardDecision(path, loggedOut)).toEqual(allowed);
  });

  it('provider profiles need a login: the spec text, back home, and the login modal', () => {
    expect(guardDecision('/provider-profile/abc', loggedOut)).toEqual({
      allowed: false,
      redirectTo: '/',
      message: GuardMessages.loginForProfiles,
      askLogin: true,
    });
    for (const user of [member, provider, admin]) expect(guardDecision('/provider-profile/abc', as(user))).toEqual(allowed);
  });

  it('the provider dashboard needs a provider', () => {
    expect(guardDecision('/provider/profile', loggedOut)).toEqual({ allowed: false, redirectTo: '/', message: GuardMessages.providerOnly, askLogin: true });
    expect(guardDecision('/provider/profile', as(member))).toEqual({ allowed: false, redirectTo: '/', message: GuardMessages.providerOnly, askLogin: false });
    expect(guardDecision('/provider/profile', as(admin))).toMatchObject({ allowed: false });
    expect(guardDecision('/provider/profile', as(provider))).toEqual(allowed);
  });

  it.each(['/admin/providers', '/admin/promo-codes', '/admin/dashboard', '/admin/users', '/admin/support'])(
    '%s needs an admin and sends others to /admin/login',
    (path) => {
      expect(guardDecision(path, loggedOut)).toEqual({ allowed: false, redirectTo: '/admin/login', message: GuardMessages.notAuthenticated, askLogin: false });
      expect(guardDecision(path, as(member))).toEqual({ allowed: false, redirectTo: '/admin/login', message: GuardMessages.adminOnly, askLogin: false });
      expect(guardDecision(path, as(provider))).toMatchObject({ allowed: false, redirectTo: '/admin/login' });
      expect(guardDecision(path, as(admin))).toEqual(allowed);
      expect(guardDecision(path, as({ ...member, isAdmin: true }))).toEqual(allowed);
    },
  );

  it('a token without a user is no login', () => {
    expect(guardDecision('/provider-profile/abc', { token: 'tok', user: null })).toMatchObject({ allowed: false, askLogin: true });
  });
});
