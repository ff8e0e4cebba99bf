// service-kit first: its tracing must be in place before express and http load.
import { runService } from '@altmed/service-kit';
import { loadGatewayConfig } from './config';
import { startGateway } from './gateway';

// The edge: it starts each traced request's trace itself (gateway.ts), whatever a client sends.
runService('gateway', () => startGateway(loadGatewayConfig()), { edge: true });
