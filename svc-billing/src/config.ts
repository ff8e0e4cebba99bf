import { z } from 'zod';
import { baseServiceEnv, loadConfig } from '@altmed/service-kit';

export const billingEnv = {
  ...baseServiceEnv({ port: 4003, database: 'billing' }),
  /** Stripe's secret (or restricted) key; the local emulator's when STRIPE_API_URL points at it. */
  STRIPE_SECRET_KEY: z.string().regex(/^[sr]k_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_…)'),
  /** The signing secret of the webhook endpoint, from Stripe's dashboard or the emulator. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be a Stripe webhook secret (whsec_…)'),
  /** Another Stripe API server (the local emulator, stripe-mock); unset: Stripe itself. */
  STRIPE_API_URL: z.url().optional(),
};

export type BillingConfig = ReturnType<typeof loadBillingConfig>;

export function loadBillingConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(billingEnv, env);
}
