import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@altmed/web-kit';
import { getStoredProviderId } from '../../../lib/signupProgress';

export interface SignupSession {
  providerId: string;
  token: string;
}

/**
 * Steps 2 and 3 act as the provider step 1 created: its id in browser storage and its login. Without
 * both (no stored id, or the session is not that provider's), the visitor goes back to step 1.
 */
export function useSignupSession(): SignupSession | null {
  const navigate = useNavigate();
  const { token, user } = useSession();
  const [providerId] = useState(getStoredProviderId);
  const signedIn = Boolean(providerId && token && user?.role === 'provider' && user.providerId === providerId);
  useEffect(() => {
    if (!signedIn) void navigate('/provider-portal', { replace: true });
  }, [signedIn, navigate]);
  return signedIn && providerId && token ? { providerId, token } : null;
}
