import { freePorts, isPortOpen } from './net';
import type { PartContext, RunningPart } from './parts';
import { nothingToStop, pickSet } from './parts';
import { startStripeEmulatorServer, type AccountKeys, type StripeEmulator } from '@altmed/stripe-emulator';

/** The developer's emulator account: fixed keys, so services started on their own (`npm run dev`) can be given them. */
export const devStripeKeys: AccountKeys = {
  secretKey: 'sk_test_altmedLocalEmulator',
  publishableKey: 'pk_test_altmedLocalEmulator',
  webhookSecret: 'whsec_altmedLocalEmulator',
};

const givenStripeSettings = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL', 'STRIPE_JS_URL'];

/** Emulators this process started, by their STRIPE_API_URL. */
const runningEmulators = new Map<string, StripeEmulator>();

/**
 * Stripe for the services: with STRIPE_SECRET_KEY set, the given settings as they are (real Stripe,
 * or stripe-mock through STRIPE_API_URL) and nothing starts. Without it, the local emulator
 * (@altmed/stripe-emulator, packages/stripe-emulator): the developer's on port 12111 with fixed keys, sending webhooks to
 * svc-billing; a test run's on a free port with keys of its own.
 */
export async function startStripeEmulator({ env, ports, log, forTests }: PartContext): Promise<RunningPart> {
  const name = 'Stripe emulator';
  if (env.STRIPE_SECRET_KEY) return { name, env: pickSet(env, givenStripeSettings), stop: nothingToStop };
  if (env.STRIPE_API_URL) log(`STRIPE_API_URL=${env.STRIPE_API_URL} is ignored without STRIPE_SECRET_KEY: the services use the local Stripe emulator`);

  if (!forTests && (await isPortOpen(ports.stripe))) {
    const url = `http://127.0.0.1:${ports.stripe}`;
    if (!(await isStripeEmulator(url))) throw new Error(`port ${ports.stripe} (the Stripe emulator's) is taken by something else: stop it`);
    return { name, env: stripeEnv(url, devStripeKeys), stop: nothingToStop };
  }

  const webhookUrl = env.STRIPE_WEBHOOK_URL ?? (forTests ? undefined : `${env.BILLING_URL ?? `http://127.0.0.1:${env.BILLING_PORT ?? 4003}`}/payments/webhook`);
  const emulator = await startStripeEmulatorServer({
    port: forTests ? (await freePorts(1))[0] : ports.stripe,
    keys: forTests ? undefined : devStripeKeys,
    webhookUrls: webhookUrl ? [webhookUrl] : [],
    log: (message) => log(`Stripe emulator: ${message}`),
  });
  runningEmulators.set(emulator.url, emulator);
  log(`started the Stripe emulator${forTests ? ' for this test run' : ''} on ${emulator.url}${webhookUrl ? `, webhooks to ${webhookUrl}` : ''}`);
  return {
    name,
    env: stripeEnv(emulator.url, emulator.keys),
    stop: async () => {
      runningEmulators.delete(emulator.url);
      await emulator.stop();
    },
  };
}

function stripeEnv(url: string, keys: AccountKeys): Record<string, string> {
  return {
    STRIPE_API_URL: url,
    STRIPE_SECRET_KEY: keys.secretKey,
    STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
    STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
    STRIPE_JS_URL: `${url}/v3/`,
  };
}

async function isStripeEmulator(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/emulator/health`, { signal: AbortSignal.timeout(2_000) });
    return response.ok && ((await response.json()) as { emulator?: string }).emulator === 'stripe';
  } catch {
    return false;
  }
}

/**
 * Makes an emulator started by this process send its events to `url` too (a site started on
 * test or bench ports, whose svc-billing the test stack could not know). Does nothing for real
 * Stripe or an emulator of another process.
 */
export function sendStripeWebhooksTo(stackEnv: Record<string, string>, url: string): void {
  const emulator = stackEnv.STRIPE_API_URL ? runningEmulators.get(stackEnv.STRIPE_API_URL) : undefined;
  emulator?.addWebhookEndpoint(url);
}
