import { useSession } from '@altmed/web-kit';
import { appendPlace, type SearchPlace } from '../../../lib/searchPlace';
import { fetchProviderProfile } from '../api/providerProfile';
import { useFetched } from '../../../hooks/useFetched';

/** The provider's public profile, measured from the place the member searched near; `data` is null when there is no such provider to show. */
export function useProviderProfile(providerId: string, place: SearchPlace) {
  const { token, user } = useSession();
  // The viewer is part of the key: the provider itself and admins see more of a record (DEA numbers, email).
  const key = `profile:${providerId}:${appendPlace(new URLSearchParams(), place).toString()}:${user?.id ?? ''}`;
  return useFetched(key, (signal) => fetchProviderProfile(providerId, place, token, signal));
}
