import { renderStandaloneRemote } from '@altmed/web-kit/src/standalone';
import { StandaloneRoutes } from './app/StandaloneRoutes';

/** Standalone mode (`npm run dev -w mfe-provider`): the provider pages without the shell. */
renderStandaloneRemote(<StandaloneRoutes />);
