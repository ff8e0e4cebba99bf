import { z } from 'zod';
import { baseServiceEnv, loadConfig } from '@altmed/service-kit';

export const notifyEnv = {
  ...baseServiceEnv({ port: 4004, database: 'notify' }),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().min(3).default('Altmed Membership <no-reply@altmed.local>'),
  SITE_URL: z.url().default('http://127.0.0.1:8080'),
};

export type NotifyConfig = ReturnType<typeof loadNotifyConfig>;

export function loadNotifyConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(notifyEnv, env);
}
