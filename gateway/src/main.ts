import { runService } from '@altmed/service-kit';
import { loadGatewayConfig } from './config';
import { startGateway } from './gateway';

runService('gateway', () => startGateway(loadGatewayConfig()));
