import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRemotePage } from './app/preloadRemotePage';
import { reportWebVitals } from './app/webVitals';
import { ensureRemotesRegistered } from './federation/remotesConfig';

// Read /remotes.json right away; remote areas wait for it, everything else renders at once.
ensureRemotesRegistered().catch((error: unknown) => {
  console.warn('[federation] remotes.json could not be loaded; remote areas will show a fallback', error);
});
preloadRemotePage(window.location.pathname);
reportWebVitals();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
// As a transition the first render yields to the browser every few milliseconds instead of holding
// the main thread for the whole tree: a slow phone stays responsive while the page starts.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
