// service-kit first: its tracing must be in place before express and http load.
import { runService } from '@altmed/service-kit';
import { CLIENT_REPORTS_PATH } from '@altmed/contracts';
import { loadGatewayConfig } from './config';
import { startGateway } from './gateway';
import { isApiRequest } from './proxy/api-routes';

// Only calls to the API make traces: the site's files are not a team's requests to follow.
runService('gateway', () => startGateway(loadGatewayConfig()), { edge: true, tracesPath: (path) => isApiRequest(path) || path === CLIENT_REPORTS_PATH });
