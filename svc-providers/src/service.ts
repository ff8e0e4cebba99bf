import { startService, type RunningService } from '@altmed/service-kit';
import type { ProvidersConfig } from './config';

/** Boots with its database, broker, health and readiness; its domain routes come with later work. */
export function startProvidersService(config: ProvidersConfig): Promise<RunningService> {
  return startService({ name: 'svc-providers', config, setup: async () => undefined });
}
