import { createTestVhost } from './rabbitmq';

/**
 * jest setupFilesAfterEnv of the service workspaces: every test file gets a RabbitMQ vhost of its
 * own inside the run, as it gets databases of its own, so the events one file publishes never
 * reach the consumers another file runs at the same time (each would send its own email).
 */
const runAmqpUrl = process.env.AMQP_URL;

// Not deleted in an afterAll here: jest runs this file's afterAll before the test file's own, which
// still stop services connected to the vhost. A vhost is named after the jest worker that made it and
// is deleted once that worker has exited (when the run's own vhost is removed, or by the next run).
beforeAll(async () => {
  if (!runAmqpUrl) return;
  process.env.AMQP_URL = (await createTestVhost(runAmqpUrl, () => undefined)).url;
}, 60_000);

afterAll(() => {
  process.env.AMQP_URL = runAmqpUrl;
});
