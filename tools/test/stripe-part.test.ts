import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { defaultPorts } from '../src/index';
import { eventually } from '../src/net';
import type { PartContext } from '../src/parts';
import { sendStripeWebhooksTo, startStripeEmulator } from '../src/stripe';

const context = (env: NodeJS.ProcessEnv, forTests: boolean): PartContext => ({
  env,
  forTests,
  ports: defaultPorts,
  dataDir: '/nonexistent',
  logsDir: '/nonexistent',
  log: () => {},
});

describe('the Stripe part of the local stack', () => {
  it('starts nothing when STRIPE_SECRET_KEY is set, and passes the given Stripe settings on', async () => {
    const env = { STRIPE_SECRET_KEY: 'sk_live_given', STRIPE_PUBLISHABLE_KEY: 'pk_live_given', STRIPE_WEBHOOK_SECRET: 'whsec_given', OTHER: 'x' };
    const part = await startStripeEmulator(context(env, false));
    expect(part.env).toEqual({ STRIPE_SECRET_KEY: 'sk_live_given', STRIPE_PUBLISHABLE_KEY: 'pk_live_given', STRIPE_WEBHOOK_SECRET: 'whsec_given' });
  });

  it('gives a test run an emulator of its own on a free port, whose keys work and whose events reach a site started later', async () => {
    const part = await startStripeEmulator(context({}, true));
    const received: { body: string; signature: string }[] = [];
    const site = http.createServer((req, res) => {
      req.setEncoding('utf8');
      let body = '';
      req
        .on('data', (chunk: string) => (body += chunk))
        .on('end', () => {
          received.push({ body, signature: String(req.headers['stripe-signature']) });
          res.end();
        });
    });
    try {
      const { env } = part;
      expect(env.STRIPE_API_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(env.STRIPE_API_URL).not.toBe('http://127.0.0.1:12111');
      expect(env.STRIPE_SECRET_KEY).toMatch(/^sk_test_\w+$/);
      expect(env.STRIPE_PUBLISHABLE_KEY).toMatch(/^pk_test_\w+$/);
      expect(env.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_\w+$/);
      expect(env.STRIPE_JS_URL).toBe(`${env.STRIPE_API_URL}/v3/`);

      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      sendStripeWebhooksTo(env, `http://127.0.0.1:${(site.address() as AddressInfo).port}/payments/webhook`);
      const url = new URL(env.STRIPE_API_URL!);
      const stripe = new Stripe(env.STRIPE_SECRET_KEY!, { host: url.hostname, port: Number(url.port), protocol: 'http' });
      const intent = await stripe.paymentIntents.create({ amount: 11988, currency: 'usd', allowed_payment_method_types: ['card'] });
      const [delivery] = await eventually(() => (received.length > 0 ? received : undefined));
      const event = new Stripe('sk_test_unused').webhooks.constructEvent(delivery!.body, delivery!.signature, env.STRIPE_WEBHOOK_SECRET!);
      expect(event).toMatchObject({ type: 'payment_intent.created', data: { object: { id: intent.id } } });
    } finally {
      site.closeAllConnections();
      site.close();
      await part.stop();
    }
  });
});
