import { z } from 'zod';
import { baseServiceEnv, loadConfig } from '@altmed/service-kit';

export const identityEnv = {
  ...baseServiceEnv({ port: 4001, database: 'identity' }),
  JWT_PRIVATE_KEY: z.string().startsWith('-----BEGIN').optional(),
  JWT_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(24 * 3600),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /** The shared service credential of the /internal routes (svc-providers creates provider logins there); unset, they do not exist. */
  INTERNAL_API_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  PASSWORD_RESET_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** How often each instance looks for members a membership reminder (30 days, 7 days, ended) is due to. */
  MEMBERSHIP_REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
};

export type IdentityConfig = ReturnType<typeof loadIdentityConfig>;

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(identityEnv, env);
  if (!config.JWT_PRIVATE_KEY && !config.JWT_PRIVATE_KEY_FILE) {
    throw new Error('Invalid configuration:\n  JWT_PRIVATE_KEY or JWT_PRIVATE_KEY_FILE: one of them is required');
  }
  if (Boolean(config.ADMIN_EMAIL) !== Boolean(config.ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  }
  return config;
}
