import { startService, type RunningService } from '@altmed/service-kit';
import type { BillingConfig } from './config';

/** Boots with its database, broker, health and readiness; its domain routes come with later work. */
export function startBillingService(config: BillingConfig): Promise<RunningService> {
  return startService({ name: 'svc-billing', config, setup: async () => undefined });
}
