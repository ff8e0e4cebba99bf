import type { DirectoryResponse } from '@altmed/contracts/web';
import { ApiError, useSession } from '@altmed/web-kit';
import { useFetched } from '../../../hooks/useFetched';
import { fetchDirectory } from '../api/directory';

/** The API's 400 to a search the page could not check before sending it (a ZIP code that is not a known one): its message, for beside the field. */
export interface RefusedSearch {
  refused: string;
}

export const isRefused = (answer: DirectoryResponse | RefusedSearch | undefined): answer is RefusedSearch => answer !== undefined && 'refused' in answer;

/** The directory's answer for a query string; the viewer is part of the key (a member who pays sees the providers). */
export function useDirectory(query: string) {
  const { token, user } = useSession();
  return useFetched<DirectoryResponse | RefusedSearch>(`directory:${query}:${user?.id ?? ''}`, (signal) =>
    fetchDirectory(query, token, signal).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 400) return { refused: error.message };
      throw error;
    }),
  );
}
