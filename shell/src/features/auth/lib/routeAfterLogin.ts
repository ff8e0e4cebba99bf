import { guardDecision, isAdminUser, type SessionUser } from '@altmed/web-kit';

/**
 * Where a login leads (SPEC §2): an admin to /admin/providers, a provider to /provider/profile, a
 * member stays where they are (null). A page that asked for the login comes first when this user
 * may open it.
 */
export function routeAfterLogin(token: string, user: SessionUser, returnTo?: string): string | null {
  if (returnTo && guardDecision(returnTo.split('?')[0] ?? returnTo, { token, user }).allowed) return returnTo;
  if (isAdminUser(user)) return '/admin/providers';
  if (user.role === 'provider') return '/provider/profile';
  return null;
}
