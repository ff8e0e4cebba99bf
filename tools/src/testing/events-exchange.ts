/** This test file's events exchange (jest-exchange-per-file.ts names it): publish to it and bind test queues on it. */
export function testEventsExchange(): string {
  const exchange = process.env.EVENTS_EXCHANGE;
  if (!exchange) throw new Error('EVENTS_EXCHANGE is not set: run service tests with the jest config of tools/jest-node-config.js (localStack)');
  return exchange;
}
