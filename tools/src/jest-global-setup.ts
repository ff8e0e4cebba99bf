import { TEST_STACK_MARKER, type LocalStack } from './index';
import { startTestStack } from './test-infrastructure';

declare global {
  // Read back by jest-global-teardown.ts: jest runs both in its main process.
  var __altmedLocalStack: LocalStack | undefined;
}

/**
 * jest globalSetup: servers of this run's own (startTestStack), unless the run is already inside a
 * test stack (`npm test` starts one and passes its env on). Workers inherit process.env.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env[TEST_STACK_MARKER]) return;
  const stack = await startTestStack();
  Object.assign(process.env, stack.env);
  globalThis.__altmedLocalStack = stack;
}
