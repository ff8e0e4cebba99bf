import type { CompareResponse } from '@altmed/contracts/web';
import { ApiError, useSession } from '@altmed/web-kit';
import { useFetched } from '../../../hooks/useFetched';
import { fetchComparison } from '../api/compare';

/** The API's 403: the viewer has no active membership. */
export const MEMBERSHIP_REQUIRED = 'membership-required';

/** The comparison of these ids (two to four) from this ZIP (or none); the viewer is part of the key. */
export function useComparison(ids: readonly string[], zip: string) {
  const { token, user } = useSession();
  return useFetched<CompareResponse | typeof MEMBERSHIP_REQUIRED>(`compare:${ids.join(',')}:${zip}:${user?.id ?? ''}`, (signal) =>
    fetchComparison(ids, zip, token, signal).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 403) return MEMBERSHIP_REQUIRED;
      throw error;
    }),
  );
}
