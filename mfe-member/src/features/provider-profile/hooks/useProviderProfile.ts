import { useQuery } from '@tanstack/react-query';
import { fetchProviderProfile, type PublicProvider } from '../api/providerProfile';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'not-found' }
  | { status: 'ready'; provider: PublicProvider };

/** Loads a provider profile (keyed by id: another profile's late answer is never shown); `retry` loads it again after an error. */
export function useProviderProfile(providerId: string | undefined): { state: ProfileState; retry(): void } {
  const query = useQuery({
    queryKey: ['provider-profile', providerId],
    queryFn: ({ signal }) => fetchProviderProfile(providerId ?? '', signal),
    enabled: Boolean(providerId),
  });
  const retry = () => void query.refetch();
  if (!providerId) return { state: { status: 'not-found' }, retry };
  // While Try again runs, the page shows loading again rather than the old error.
  if (query.isError) return { state: { status: query.isFetching ? 'loading' : 'error' }, retry };
  if (query.isPending) return { state: { status: 'loading' }, retry };
  const result = query.data;
  return { state: result.kind === 'found' ? { status: 'ready', provider: result.provider } : { status: 'not-found' }, retry };
}
