/**
 * Server state for the shell and the remotes: one `@tanstack/react-query` client per page (the
 * library is a federation singleton, so every remote's hooks see the client the shell provides).
 * Imported as `@altmed/web-kit/src/query` and not from the package index, so pages without remote
 * areas (home) never download react-query.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from './api/apiRequest';

/** Any answer from the server is final; only a request that got no answer at all is tried once more. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

let pageClient: QueryClient | null = null;

/** The page's one client, created on first use. */
export function getQueryClient(): QueryClient {
  pageClient ??= createQueryClient();
  return pageClient;
}

/** Provides `client` (default: the page's one client) to everything below. */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client ?? getQueryClient()}>{children}</QueryClientProvider>;
}
