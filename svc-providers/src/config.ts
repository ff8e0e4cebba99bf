import { baseServiceEnv, loadConfig } from '@altmed/service-kit';

export const providersEnv = {
  ...baseServiceEnv({ port: 4002, database: 'providers' }),
};

export type ProvidersConfig = ReturnType<typeof loadProvidersConfig>;

export function loadProvidersConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(providersEnv, env);
}
