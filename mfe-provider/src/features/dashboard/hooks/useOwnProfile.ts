import { useQuery } from '@tanstack/react-query';
import { useSession } from '@altmed/web-kit';
import { fetchOwnProfile } from '../../../api/providerRecord';

export const ownProfileQueryKey = (providerId: string) => ['provider-dashboard', providerId] as const;

/** The logged-in provider's own record (with its review stats). */
export function useOwnProfile() {
  const { token, user } = useSession();
  const providerId = user?.providerId ?? '';
  return useQuery({
    queryKey: ownProfileQueryKey(providerId),
    // A provider session always names its record; without one there is nothing to load.
    queryFn: ({ signal }) => (providerId ? fetchOwnProfile(providerId, token, signal) : Promise.reject(new Error('No provider record in this session'))),
  });
}
