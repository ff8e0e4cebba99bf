import { matchPath } from 'react-router-dom';
import { isAdminUser, type SessionState } from '../session/types';

/** Who may open a page. The spec's table, tightened on purpose: provider pages need a provider, admin pages an admin. */
export type Access = 'anyone' | 'member' | 'provider' | 'admin';

/** The guard texts of SPEC §8. */
export const GuardMessages = {
  loginForProfiles: 'You must be logged in to view provider profiles.',
  providerOnly: 'You must be logged in as a provider to access this page.',
  notAuthenticated: 'You are not authenticated to access this page.',
  adminOnly: 'Access denied. Admin privileges required.',
  loginToCompare: 'You must be logged in to compare providers.',
} as const;

export interface RouteAccessRule {
  /** A react-router path pattern. */
  path: string;
  access: Access;
  /** Where someone who may not open the page is sent. */
  deniedTo?: string;
  /** The toast shown then. */
  deniedMessage?: string;
}

/**
 * Every page that not everyone may open, first match wins; any other path is open to anyone.
 * The shell checks it before it loads a remote, and the remotes check it again around their pages.
 */
export const ROUTE_ACCESS: readonly RouteAccessRule[] = [
  { path: '/admin/login', access: 'anyone' },
  // An invitation's link is opened before its administrator has an account.
  { path: '/admin/accept-invitation', access: 'anyone' },
  { path: '/admin/*', access: 'admin', deniedTo: '/admin/login', deniedMessage: GuardMessages.notAuthenticated },
  { path: '/provider/profile', access: 'provider', deniedTo: '/', deniedMessage: GuardMessages.providerOnly },
  { path: '/provider-profile/:providerId', access: 'member', deniedTo: '/', deniedMessage: GuardMessages.loginForProfiles },
  { path: '/compare', access: 'member', deniedTo: '/', deniedMessage: GuardMessages.loginToCompare },
  { path: '/account', access: 'member', deniedTo: '/' },
];

export function accessRuleFor(pathname: string): RouteAccessRule | null {
  return ROUTE_ACCESS.find((rule) => matchPath(rule.path, pathname)) ?? null;
}

/** Whether this session may open a page of that access. */
export function mayOpen(access: Access, { token, user }: SessionState): boolean {
  const loggedIn = Boolean(token && user);
  switch (access) {
    case 'anyone':
      return true;
    case 'member':
      return loggedIn;
    case 'provider':
      return loggedIn && user?.role === 'provider';
    case 'admin':
      return loggedIn && isAdminUser(user);
  }
}

export type GuardDecision =
  | { allowed: true }
  | {
      allowed: false;
      redirectTo: string;
      message: string;
      /** Nobody is logged in: the login modal opens, and the page follows after login. */
      askLogin: boolean;
    };

/** What the guard does for `pathname` with this session. */
export function guardDecision(pathname: string, session: SessionState): GuardDecision {
  const rule = accessRuleFor(pathname);
  if (!rule || mayOpen(rule.access, session)) return { allowed: true };
  const loggedIn = Boolean(session.token && session.user);
  const message = rule.access === 'admin' && loggedIn ? GuardMessages.adminOnly : (rule.deniedMessage ?? GuardMessages.notAuthenticated);
  // Admin pages have their own login page; the member login modal is for the others.
  return { allowed: false, redirectTo: rule.deniedTo ?? '/', message, askLogin: !loggedIn && rule.access !== 'admin' };
}
