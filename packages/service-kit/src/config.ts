import express from 'express';
import { z, type ZodObject, type ZodRawShape } from 'zod';
import { EVENTS_EXCHANGE } from '@altmed/contracts';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

// 0 asks the OS for a free port (tests).
const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

export const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

export type TrustProxy = boolean | number | string;

/**
 * Express `trust proxy`: which hops may set X-Forwarded-For, so which address rate limits key on.
 * `true`/`false`, a hop count, or addresses and subnets (`loopback`, `uniquelocal`, `10.0.0.0/8`).
 */
const trustProxySchema = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx): TrustProxy => {
      const setting = value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value;
      try {
        express().set('trust proxy', setting);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count, or addresses and subnets such as loopback, uniquelocal or 10.0.0.0/8' });
        return z.NEVER;
      }
      return setting;
    });

/**
 * What every HTTP process (services and gateway) reads to listen and to trust its proxy. Services
 * trust the gateway in front of them (loopback locally); the gateway is the edge and trusts no one
 * unless told.
 */
export const httpEnv = (defaultPort: number, defaultTrustProxy = 'loopback') => ({
  PORT: port(defaultPort),
  /** 0.0.0.0 in a container; loopback on a developer's machine. */
  HOST: z.string().min(1).default('127.0.0.1'),
  TRUST_PROXY: trustProxySchema(defaultTrustProxy),
  LOG_LEVEL: logLevelSchema,
});

/** What every service reads from its environment. */
export const baseServiceEnv = (defaults: { port: number; database: string }) => ({
  ...httpEnv(defaults.port),
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL'),
  MONGO_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default(defaults.database),
  MONGO_DB_SUFFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/)
    .default(''),
  AMQP_URL: z
    .string()
    .regex(/^amqps?:\/\//, 'must be an amqp:// URL')
    .default('amqp://guest:guest@127.0.0.1:5672'),
  IDENTITY_URL: z.url().default('http://127.0.0.1:4001'),
  JWT_ISSUER: z.string().min(1).default('altmed-identity'),
  JWT_AUDIENCE: z.string().min(1).default('altmed'),
  /** How long a service reuses identity's answer that an account is active: a blocked user's token works at most this long. */
  ACCOUNT_STATUS_CACHE_SECONDS: z.coerce.number().int().min(1).max(30).default(30),
  /** Identity's signing keys are fetched again after this long. */
  JWKS_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(600),
  /** The topic exchange of the events (every service of a deployment uses the same one; a test file has one of its own). */
  EVENTS_EXCHANGE: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/)
    .default(EVENTS_EXCHANGE),
  /** Appended to this service's queue names, so a test run has queues of its own. */
  EVENT_QUEUE_SUFFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/)
    .default(''),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/)
    .default('100kb'),
  /** A failed event handler is retried after 10 s, 20 s, 40 s … capped at 5 min, 20 times (about 80 minutes), then dead-lettered. */
  EVENT_RETRY_FIRST_DELAY_MS: z.coerce.number().int().min(10).max(3_600_000).default(10_000),
  EVENT_RETRY_MAX_DELAY_MS: z.coerce.number().int().min(10).max(86_400_000).default(300_000),
  EVENT_MAX_RETRIES: z.coerce.number().int().min(0).max(100).default(20),
});

/**
 * Reads and validates the environment once at start. A bad value throws a ConfigError that
 * names every offending variable.
 */
export function loadConfig<S extends ZodRawShape>(shape: S, env: NodeJS.ProcessEnv = process.env): z.infer<ZodObject<S>> {
  const result = z.object(shape).safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}
