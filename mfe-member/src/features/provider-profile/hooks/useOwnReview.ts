import { useState } from 'react';
import type { OwnReview } from '@altmed/contracts/web';
import { useSession } from '@altmed/web-kit';
import { fetchOwnReview } from '../api/ownReview';
import { useFetched } from '../../../hooks/useFetched';

/**
 * The member's own review of the provider (null when there is none), and `replace` for what a save
 * or delete answered, so the page shows it without loading it again.
 */
export function useOwnReview(providerId: string) {
  const { token, user } = useSession();
  const key = `own-review:${providerId}:${user?.id ?? ''}`;
  const fetched = useFetched(key, (signal) => fetchOwnReview(providerId, token, signal));
  const [written, setWritten] = useState<{ key: string; review: OwnReview | null } | null>(null);
  const current = written?.key === key ? written.review : fetched.data;
  return {
    ...fetched,
    data: current,
    isPending: fetched.isPending && written?.key !== key,
    replace: (review: OwnReview | null) => setWritten({ key, review }),
  };
}
