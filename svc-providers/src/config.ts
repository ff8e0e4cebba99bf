import { z } from 'zod';
import { baseServiceEnv, loadConfig } from '@altmed/service-kit';

export const providersEnv = {
  ...baseServiceEnv({ port: 4002, database: 'providers' }),
  /** The shared credential of svc-identity's /internal routes, where provider logins are made. */
  INTERNAL_API_TOKEN: z.string({ error: 'is required (the credential shared with svc-identity)' }).min(32, 'must be at least 32 characters'),
  /** Where the service reaches S3 (locally the stack's s3rver). */
  S3_ENDPOINT: z.url().default('http://127.0.0.1:4569'),
  /** Where browsers reach S3, when not at S3_ENDPOINT (a container network, say): upload and image URLs are signed for it. */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).default('provider-uploads'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).default('S3RVER'),
  S3_SECRET_ACCESS_KEY: z.string().min(1).default('S3RVER'),
  /** How long an upload signature may be used. */
  UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** How long the image URLs in provider answers work. */
  IMAGE_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(6 * 3600),
  /** How often the directory's searches counted in memory are added to the week's tallies. */
  SEARCH_TALLY_FLUSH_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
};

export type ProvidersConfig = ReturnType<typeof loadProvidersConfig>;

export function loadProvidersConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(providersEnv, env);
}
