import { startStripeEmulatorServer, type StripeEmulator } from './server';

declare global {
  // Read back by jest-teardown.ts: jest runs both in its main process.
  var __altmedStripeEmulator: StripeEmulator | undefined;
}

/**
 * jest globalSetup of a front-end workspace whose tests pay through the Stripe emulator's Stripe.js:
 * the emulator of `npm test`'s stack when there is one (STRIPE_API_URL), else one of this run's own.
 * Workers inherit process.env.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.STRIPE_API_URL) return;
  const emulator = await startStripeEmulatorServer();
  process.env.STRIPE_API_URL = emulator.url;
  globalThis.__altmedStripeEmulator = emulator;
}
