import { runService } from '@altmed/service-kit';
import { loadIdentityConfig } from './config';
import { startIdentityService } from './service';

runService('svc-identity', async () => {
  const service = await startIdentityService(loadIdentityConfig());
  return { service, logger: service.logger };
});
