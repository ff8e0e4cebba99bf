import { baseServiceEnv, loadConfig } from '@altmed/service-kit';

export const billingEnv = {
  ...baseServiceEnv({ port: 4003, database: 'billing' }),
};

export type BillingConfig = ReturnType<typeof loadBillingConfig>;

export function loadBillingConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(billingEnv, env);
}
