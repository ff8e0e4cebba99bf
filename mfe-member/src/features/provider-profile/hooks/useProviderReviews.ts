import { useSession } from '@altmed/web-kit';
import { fetchAllProviderReviews } from '../api/providerProfile';
import { useFetched } from '../../../hooks/useFetched';

/** Every review the profile lists (up to 50); used by the reviews modal, so they load when it opens. */
export function useProviderReviews(providerId: string) {
  const { token, user } = useSession();
  return useFetched(`reviews:${providerId}:${user?.id ?? ''}`, (signal) => fetchAllProviderReviews(providerId, token, signal));
}
