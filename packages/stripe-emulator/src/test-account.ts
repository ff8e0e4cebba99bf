import type { Delivery } from './webhooks';

export interface StripeTestAccount {
  apiUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** What a service under test is given: STRIPE_API_URL, STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET. */
  env: Record<string, string>;
  /** Sends every event of this account to `url` (Stripe's POST /v1/webhook_endpoints). */
  sendWebhooksTo: (url: string) => Promise<void>;
  /** Sends a stored event once more to the account's webhook endpoints, as Stripe's "Resend" does; answers each endpoint's status. */
  resendEvent: (eventId: string) => Promise<Delivery[]>;
}

/**
 * A Stripe account of its own on the run's emulator (STRIPE_API_URL of the test stack): its objects,
 * events and webhook endpoints are seen by no other test file. With `refundLatencyMs`, each refund
 * takes that long to make, as a card network's answer can: a request with its idempotency key meanwhile gets Stripe's 409.
 */
export async function createStripeTestAccount(
  apiUrl = process.env.STRIPE_API_URL,
  { refundLatencyMs = 0 }: { refundLatencyMs?: number } = {},
): Promise<StripeTestAccount> {
  if (!apiUrl) throw new Error('STRIPE_API_URL is not set: run the tests through jest with the local stack (it starts the Stripe emulator)');
  const created = await call(apiUrl, '/emulator/accounts', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ refund_latency_ms: String(refundLatencyMs) }).toString(),
  });
  const keys = created as { secret_key: string; publishable_key: string; webhook_secret: string };
  const auth = { authorization: `Bearer ${keys.secret_key}` };
  return {
    apiUrl,
    secretKey: keys.secret_key,
    publishableKey: keys.publishable_key,
    webhookSecret: keys.webhook_secret,
    env: {
      STRIPE_API_URL: apiUrl,
      STRIPE_SECRET_KEY: keys.secret_key,
      STRIPE_PUBLISHABLE_KEY: keys.publishable_key,
      STRIPE_WEBHOOK_SECRET: keys.webhook_secret,
    },
    async sendWebhooksTo(url) {
      await call(apiUrl, '/v1/webhook_endpoints', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ url, 'enabled_events[0]': '*' }).toString(),
      });
    },
    async resendEvent(eventId) {
      const answer = await call(apiUrl, `/emulator/events/${encodeURIComponent(eventId)}/deliver`, { method: 'POST', headers: auth });
      return (answer as { deliveries: Delivery[] }).deliveries;
    },
  };
}

async function call(apiUrl: string, path: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(`${apiUrl}${path}`, init);
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`the Stripe emulator answered ${response.status} to ${init.method ?? 'GET'} ${path}: ${JSON.stringify(body)}`);
  return body;
}
