import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import Stripe from 'stripe';
import { startStripeEmulatorServer, type StripeEmulator } from '@altmed/stripe-emulator';

jest.setTimeout(60_000);

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const offlineFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-sync'];

/** The checkout page (fixtures/stripe-checkout.tsx) built with React and @stripe/react-stripe-js as they are published. */
function checkoutBundle(): string {
  return buildSync({
    entryPoints: [path.join(__dirname, 'fixtures', 'stripe-checkout.tsx')],
    bundle: true,
    format: 'iife',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  }).outputFiles[0]!.text;
}

/** A site on an origin of its own, whose page loads the emulator's Stripe.js stand-in from the emulator's origin. */
async function startSite(emulatorUrl: string) {
  const bundle = checkoutBundle();
  const server = http.createServer((req, res) => {
    if (req.url === '/checkout.js') return void res.writeHead(200, { 'content-type': 'application/javascript' }).end(bundle);
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Join</title>
<script src="${emulatorUrl}/v3/"></script></head>
<body><main><h1>Join</h1><div id="root"></div></main><script src="/checkout.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the emulator’s Stripe.js under @stripe/react-stripe-js', () => {
  let emulator: StripeEmulator;
  let site: Awaited<ReturnType<typeof startSite>>;
  let browser: Browser;
  let stripe: Stripe;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    emulator = await startStripeEmulatorServer();
    site = await startSite(emulator.url);
    browser = await chromium.launch({ executablePath: chromiumPath, args: offlineFlags });
    stripe = new Stripe(emulator.keys.secretKey, { host: '127.0.0.1', port: emulator.port, protocol: 'http' });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await emulator?.stop();
  });

  beforeEach(async () => {
    page = await browser.newPage();
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // The browser itself logs a declined card's 402 answer ("Failed to load resource"), as it does with Stripe's.
    page.on('console', (message) => {
      if (['error', 'warning'].includes(message.type()) && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
    });
  });

  afterEach(async () => {
    await page.close();
    expect(pageErrors).toEqual([]);
  });

  /** Opens the page for a new intent of 119.88 USD and types the card in. */
  async function checkoutWith(number: string) {
    const intent = await stripe.paymentIntents.create({ amount: 11988, currency: 'usd', allowed_payment_method_types: ['card'] });
    await page.goto(`${site.url}/?pk=${emulator.keys.publishableKey}&clientSecret=${encodeURIComponent(intent.client_secret!)}`);
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiration date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    return intent;
  }

  it('pays with 4242 4242 4242 4242', async () => {
    const intent = await checkoutWith('4242 4242 4242 4242');
    await page.getByRole('status').getByText('Payment succeeded').waitFor();
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded', amount_received: 11988 });
  });

  it('shows the 3-D Secure challenge for 4000 0025 0000 3155, and completing it pays', async () => {
    const intent = await checkoutWith('4000 0025 0000 3155');
    const challenge = page.getByRole('dialog', { name: '3D Secure authentication' });
    await challenge.waitFor();
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'requires_action' });
    await challenge.getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('status').getByText('Payment succeeded').waitFor();
    expect(await challenge.count()).toBe(0);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded' });
  });

  it('answers a failed challenge with Stripe.js’s authentication error and leaves the intent unpaid', async () => {
    const intent = await checkoutWith('4000002500003155');
    await page.getByRole('dialog', { name: '3D Secure authentication' }).getByRole('button', { name: 'Fail' }).click();
    await page.getByRole('status').getByText('The provided PaymentMethod has failed authentication', { exact: false }).waitFor();
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ])('shows the decline of %s', async (number, message) => {
    const intent = await checkoutWith(number);
    await page.getByRole('status').getByText(message).waitFor();
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'requires_payment_method', amount_received: 0 });
  });

  it('reports an impossible card number through the change event and keeps the form from being sent', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 11988, currency: 'usd', allowed_payment_method_types: ['card'] });
    await page.goto(`${site.url}/?pk=${emulator.keys.publishableKey}&clientSecret=${encodeURIComponent(intent.client_secret!)}`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByTestId('card-error').getByText('Your card number is invalid.').waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration date').fill('12 / 34');
    await page.getByLabel('CVC').fill('12');
    expect(await page.getByRole('button', { name: 'Pay' }).isDisabled()).toBe(true);
    await page.getByLabel('CVC').fill('123');
    expect(await page.getByTestId('card-error').textContent()).toBe('');
    expect(await page.getByRole('button', { name: 'Pay' }).isEnabled()).toBe(true);
  });
});
