import { useSession } from '@altmed/web-kit';
import { fetchProviderProfile } from '../api/providerProfile';
import { useFetched } from '../../../hooks/useFetched';

/** The provider's public profile; `data` is null when there is no such provider to show. */
export function useProviderProfile(providerId: string) {
  const { token, user } = useSession();
  // The viewer is part of the key: the provider itself and admins see more of a record (DEA numbers, email).
  return useFetched(`profile:${providerId}:${user?.id ?? ''}`, (signal) => fetchProviderProfile(providerId, token, signal));
}
