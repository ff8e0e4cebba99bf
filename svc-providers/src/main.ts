import { runService } from '@altmed/service-kit';
import { loadProvidersConfig } from './config';
import { startProvidersService } from './service';

runService('svc-providers', async () => {
  const service = await startProvidersService(loadProvidersConfig());
  return { service, logger: service.logger };
});
