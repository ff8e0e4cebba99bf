import { parseArgs } from 'node:util';
import { baseServiceEnv, loadConfig, replayDeadLetters, runCommand } from '@altmed/service-kit';
import { welcomeQueue } from './welcome/user-signed-up.handler';

/**
 * Moves a consumer's dead-lettered events back to its work queue:
 *   npm run replay-dead-letters -w svc-notify -- [--queue NAME] [--limit N]
 * The queue defaults to the welcome email's (with EVENT_QUEUE_SUFFIX); AMQP_URL names the broker.
 */
export async function replayDeadLettersCommand(argv: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { AMQP_URL, EVENT_QUEUE_SUFFIX } = baseServiceEnv({ port: 0, database: 'notify' });
  const config = loadConfig({ AMQP_URL, EVENT_QUEUE_SUFFIX }, env);
  const { values } = parseArgs({ args: argv, options: { queue: { type: 'string' }, limit: { type: 'string' } }, strict: true });
  if (values.limit !== undefined && !/^[1-9]\d*$/.test(values.limit)) throw new Error('--limit must be a positive whole number');
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  const queue = values.queue ?? welcomeQueue(config.EVENT_QUEUE_SUFFIX);
  const replayed = await replayDeadLetters({ url: config.AMQP_URL, queue, limit });
  return `Replayed ${replayed} message(s) from ${queue}.dead-letter to ${queue}`;
}

if (require.main === module) runCommand('replay-dead-letters', () => replayDeadLettersCommand(process.argv.slice(2), process.env));
