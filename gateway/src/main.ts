import { runService } from '@altmed/service-kit';
import { loadGatewayConfig } from './config';
import { startGateway } from './gateway';

runService('gateway', async () => {
  const gateway = await startGateway(loadGatewayConfig());
  return { service: gateway, logger: gateway.logger };
});
