import { runService } from '@altmed/service-kit';
import { loadNotifyConfig } from './config';
import { startNotifyService } from './service';

runService('svc-notify', async () => {
  const service = await startNotifyService(loadNotifyConfig());
  return { service, logger: service.logger };
});
