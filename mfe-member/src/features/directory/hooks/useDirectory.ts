import { useSession } from '@altmed/web-kit';
import { useFetched } from '../../../hooks/useFetched';
import { fetchDirectory } from '../api/directory';

/** The directory's answer for a query string; the viewer is part of the key (a member who pays sees the providers). */
export function useDirectory(query: string) {
  const { token, user } = useSession();
  return useFetched(`directory:${query}:${user?.id ?? ''}`, (signal) => fetchDirectory(query, token, signal));
}
