import './jest-setup';

/** jest globalTeardown: stops the emulator jest-setup.ts started, if it did. */
export default async function globalTeardown(): Promise<void> {
  const emulator = globalThis.__altmedStripeEmulator;
  globalThis.__altmedStripeEmulator = undefined;
  await emulator?.stop();
}
