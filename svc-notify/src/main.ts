import { runService } from '@altmed/service-kit';
import { loadNotifyConfig } from './config';
import { startNotifyService } from './service';

runService('svc-notify', () => startNotifyService(loadNotifyConfig()));
