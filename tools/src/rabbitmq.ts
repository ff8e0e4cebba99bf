import { isPortOpen, waitUntil } from './net';
import type { PartContext, RunningPart } from './parts';
import { nothingToStop } from './parts';
import { runCommand } from './processes';

/** Uses the machine's RabbitMQ server, starting it when nothing answers on the AMQP port. */
export async function startRabbitmq({ env, ports, log }: PartContext): Promise<RunningPart> {
  const name = 'RabbitMQ';
  if (env.AMQP_URL) return { name, env: { AMQP_URL: env.AMQP_URL }, stop: nothingToStop };
  const amqpUrl = `amqp://guest:guest@127.0.0.1:${ports.amqp}`;
  if (await isPortOpen(ports.amqp)) return { name, env: { AMQP_URL: amqpUrl }, stop: nothingToStop };

  log('RabbitMQ is not running: starting it (rabbitmq-server -detached)');
  try {
    // Loopback only, whatever the machine's rabbitmq.conf says.
    await runCommand('rabbitmq-server', ['-detached'], { quiet: true, env: { ...process.env, RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1' } });
  } catch (error) {
    throw new Error(`could not start RabbitMQ (${(error as Error).message}): install the rabbitmq-server package, or set AMQP_URL`);
  }
  // Right after -detached the node may not be reachable yet, and await_startup then fails at once: retry it.
  const awaitStartup = () => runCommand('rabbitmqctl', ['await_startup'], { quiet: true }).then(() => true, () => false);
  await waitUntil('RabbitMQ', awaitStartup, 120_000, 1000);
  await waitUntil('RabbitMQ', () => isPortOpen(ports.amqp), 30_000);
  log(`started RabbitMQ on ${amqpUrl}`);
  return { name, env: { AMQP_URL: amqpUrl }, stop: () => runCommand('rabbitmqctl', ['shutdown'], { quiet: true }) };
}
