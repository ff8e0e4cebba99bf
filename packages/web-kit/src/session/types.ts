export type UserRole = 'user' | 'provider' | 'admin';

export interface SessionContactInfo {
  phone?: string;
  address?: string;
  specialties?: string[];
}

/** The user object stored with the token (SPEC §3 "User (session)"). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: UserRole | (string & {});
  isAdmin?: boolean;
  providerId?: string | null;
  contactInfo?: SessionContactInfo;
}

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
}

/** An admin is recognised by role admin or the isAdmin flag (SPEC §6). */
export function isAdminUser(user: SessionUser | null | undefined): boolean {
  return Boolean(user && (user.role === 'admin' || user.isAdmin === true));
}
