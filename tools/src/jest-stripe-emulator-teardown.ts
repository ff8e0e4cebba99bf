import './jest-stripe-emulator-setup';

/** jest globalTeardown: stops the emulator jest-stripe-emulator-setup.ts started, if it did. */
export default async function globalTeardown(): Promise<void> {
  const emulator = globalThis.__altmedStripeEmulator;
  globalThis.__altmedStripeEmulator = undefined;
  await emulator?.stop();
}
