import { useQuery } from '@tanstack/react-query';
import { useSession } from '@altmed/web-kit';
import { fetchPublishedReviews } from '../api/reviews';

/** The provider's own published reviews, as members see them on the profile. */
export function usePublishedReviews(providerId: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: ['provider-dashboard-reviews', providerId],
    queryFn: ({ signal }) => fetchPublishedReviews(providerId, token, signal),
  });
}
