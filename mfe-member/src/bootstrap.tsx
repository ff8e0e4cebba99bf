import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { GlobalStyle, SessionProvider } from '@altmed/web-kit';
import { StandaloneRoutes } from './app/StandaloneRoutes';

/** Standalone mode (`npm run dev -w mfe-member`): the member pages without the shell. */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(
  <StrictMode>
    <SessionProvider>
      <GlobalStyle />
      <BrowserRouter>
        <StandaloneRoutes />
      </BrowserRouter>
    </SessionProvider>
  </StrictMode>,
);
