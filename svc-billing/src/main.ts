import { runService } from '@altmed/service-kit';
import { loadBillingConfig } from './config';
import { startBillingService } from './service';

runService('svc-billing', () => startBillingService(loadBillingConfig()));
