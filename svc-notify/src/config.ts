import { z } from 'zod';
import { baseServiceEnv, loadConfig } from '@altmed/service-kit';

export const notifyEnv = {
  ...baseServiceEnv({ port: 4004, database: 'notify' }),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().min(3).default('Altmed Membership <no-reply@altmed.local>'),
  SITE_URL: z.url().default('http://127.0.0.1:8080'),
  /** Who is told of each new provider; without it, ADMIN_EMAIL (the administrator identity creates). */
  ADMIN_NOTIFY_EMAIL: z.email().optional(),
  ADMIN_EMAIL: z.email().optional(),
};

export type NotifyConfig = ReturnType<typeof loadNotifyConfig>;

/** The last resort for the admin notification: the development administrator's address. */
export const DEFAULT_ADMIN_NOTIFY_EMAIL = 'admin@altmed.local';

export function loadNotifyConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(notifyEnv, env);
  return { ...config, adminNotifyEmail: config.ADMIN_NOTIFY_EMAIL ?? config.ADMIN_EMAIL ?? DEFAULT_ADMIN_NOTIFY_EMAIL };
}
