/**
 * Server state for the shell and the remotes: one `@tanstack/react-query` client per page. This
 * module and react-query are federation singletons of their own (not part of the web-kit index),
 * so the page's one client lives here, and only pages that fetch data download react-query: the
 * home page, the sign-up steps and the admin login stay within their JavaScript budget.
 */
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
// By the package name, so that in a federated build ApiError is the shared web-kit's class.
import { ApiError } from '@altmed/web-kit';

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

/**
 * Provides `client`, or else the client already provided above (a test's), or else the page's one
 * client, to everything below. A page that fetches data wraps itself in it.
 */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  return <QueryClientProvider client={client ?? outer ?? getQueryClient()}>{children}</QueryClientProvider>;
}
