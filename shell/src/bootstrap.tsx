import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ensureRemotesRegistered } from './federation/remotesConfig';

// Read /remotes.json right away; remote areas wait for it, everything else renders at once.
ensureRemotesRegistered().catch((error: unknown) => {
  console.warn('[federation] remotes.json could not be loaded; remote areas will show a fallback', error);
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
