/**
 * Test helper (not exported from the package index): the API's answers as the services give them,
 * for canned routes (the test server checks every canned answer against the route's schema).
 */
import type { AuthResponse, PublicUser } from '@altmed/contracts/web';

/** An account as GET /users/me, login and signup answer it: a member who never paid, unless told otherwise. */
export function accountFixture(overrides: Partial<PublicUser> = {}): PublicUser {
  const role = overrides.role ?? 'user';
  return {
    id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    role,
    isAdmin: role === 'admin',
    contactInfo: { phone: '', address: '', specialties: [] },
    membership: { status: 'none', endsAt: null },
    ...overrides,
  };
}

/** What login and signup answer: a token and the account. */
export function authFixture(overrides: Partial<PublicUser> = {}, token = 'test-token'): AuthResponse {
  return { token, user: accountFixture(overrides) };
}
