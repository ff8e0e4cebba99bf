import { connect } from 'amqplib';
import { ATTEMPT_HEADER } from './broker';
import { moveMessages, queueExists } from './consumer-queues';

/** Headers that describe a message's past tries; a replayed message starts afresh. */
const PAST_TRIES = [ATTEMPT_HEADER, 'x-death', 'x-first-death-exchange', 'x-first-death-queue', 'x-first-death-reason', 'x-delivery-count'];

/**
 * Moves the messages of a consumer's dead-letter queue back to its work queue, each with a full
 * retry budget, and returns how many moved. At most the messages there when it starts (or `limit`),
 * so a message that is dead-lettered again at once is not replayed in a loop.
 */
export async function replayDeadLetters(options: { url: string; queue: string; limit?: number }): Promise<number> {
  const connection = await connect(options.url);
  try {
    const deadLetterQueue = `${options.queue}.dead-letter`;
    for (const queue of [options.queue, deadLetterQueue]) {
      if (!(await queueExists(connection, queue))) throw new Error(`Queue ${queue} does not exist`);
    }
    const channel = await connection.createChannel();
    const { messageCount } = await channel.checkQueue(deadLetterQueue);
    await channel.close();
    return await moveMessages(connection, deadLetterQueue, options.queue, {
      limit: Math.min(messageCount, options.limit ?? Infinity),
      prepare: (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PAST_TRIES.includes(name))),
    });
  } finally {
    await connection.close();
  }
}
