/**
 * Standalone mode of a remote (`npm run dev -w mfe-…`), imported by a remote's bootstrap as
 * `@altmed/web-kit/src/standalone`. Not exported from the package index: the shell and remotes
 * mounted in the shell never load it, and the shared web-kit singleton stays free of react-dom/client.
 * It takes GlobalStyle and SessionProvider by the package name, not by relative path, so that in a
 * federated build they come from the shared web-kit singleton, as everything else does.
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { GlobalStyle, SessionProvider, Toaster } from '@altmed/web-kit';
import { QueryProvider } from './query';

/** Mounts `routes` into #root with what the shell would otherwise provide: session, global style, query client, router, toasts. */
export function renderStandaloneRemote(routes: ReactNode, container: HTMLElement | null = document.getElementById('root')) {
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <SessionProvider>
        <GlobalStyle />
        <QueryProvider>
          <BrowserRouter>{routes}</BrowserRouter>
        </QueryProvider>
        <Toaster />
      </SessionProvider>
    </StrictMode>,
  );
}
