import { startLocalStack, type LocalStack } from './index';

declare global {
  // Read back by jest-global-teardown.ts: jest runs both in its main process.
  var __altmedLocalStack: LocalStack | undefined;
}

/** jest globalSetup: start what the tests need unless MONGO_URL, AMQP_URL and SMTP_URL already name servers. Workers inherit process.env. */
export default async function globalSetup(): Promise<void> {
  if (process.env.MONGO_URL && process.env.AMQP_URL && process.env.SMTP_URL) return;
  const stack = await startLocalStack();
  Object.assign(process.env, stack.env);
  globalThis.__altmedLocalStack = stack;
}
