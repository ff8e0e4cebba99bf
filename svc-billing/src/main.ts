import { runService } from '@altmed/service-kit';
import { loadBillingConfig } from './config';
import { startBillingService } from './service';

runService('svc-billing', async () => {
  const service = await startBillingService(loadBillingConfig());
  return { service, logger: service.logger };
});
