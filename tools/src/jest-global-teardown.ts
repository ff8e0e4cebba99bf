import './jest-global-setup';

/** jest globalTeardown: stops what jest-global-setup.ts started, if anything. */
export default async function globalTeardown(): Promise<void> {
  const stack = globalThis.__altmedLocalStack;
  globalThis.__altmedLocalStack = undefined;
  await stack?.stop();
}
