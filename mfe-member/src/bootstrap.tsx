import { renderStandaloneRemote } from '@altmed/web-kit/src/standalone';
import { StandaloneRoutes } from './app/StandaloneRoutes';

/** Standalone mode (`npm run dev -w mfe-member`): the member pages without the shell. */
renderStandaloneRemote(<StandaloneRoutes />);
