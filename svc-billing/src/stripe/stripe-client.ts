import Stripe from 'stripe';
import type { BillingConfig } from '../config';

/** The official SDK, pointed at STRIPE_API_URL when it is set (the local emulator, stripe-mock). */
export function createStripeClient(config: Pick<BillingConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe {
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  const protocol = api?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.STRIPE_SECRET_KEY, {
    // The SDK retries network failures and 5xx with the same idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api ? { host: api.hostname, port: Number(api.port || (protocol === 'http' ? 80 : 443)), protocol } : {}),
  });
}
