import { randomUUID } from 'node:crypto';
import { consumerQueueNames, deadLetterExchangeOf } from '@altmed/service-kit';
import {
  emailsTo,
  eventually,
  listEmails,
  proxyFor,
  testEventsExchange,
  waitForDeliveriesDone,
  waitForEmailsTo,
  waitForRetries,
} from '@altmed/local-stack/src/testing';
import { replayDeadLettersCommand } from '../replay-dead-letters';
import { TestPublisher, signedUpEvent, startTestNotify, testRetryEnv, type TestNotify } from '../test/test-service';

let publisher: TestPublisher;
beforeAll(async () => {
  publisher = await TestPublisher.open();
});
afterAll(async () => {
  await publisher.close();
});

const emailOf = (event: { data: unknown }) => (event.data as { email: string }).email;

async function messagesIn(queues: string[]): Promise<number> {
  let total = 0;
  for (const queue of queues) total += (await publisher.channel.checkQueue(queue)).messageCount;
  return total;
}

describe('when the SMTP server is down for a while', () => {
  it('keeps the events in the broker, not in the consumer, and once SMTP is back sends every email exactly once', async () => {
    const smtp = new URL(process.env.SMTP_URL!);
    const { proxy, url } = await proxyFor(`smtp://${smtp.host}`);
    const id = randomUUID().slice(0, 8);
    // 100 ms, 200 ms … capped at 1 s, 60 times: about a minute before the dead-letter queue.
    // Both instances share one queue and one inbox database, as a restarted service would.
    const env = {
      SMTP_URL: url.replace(/\/$/, ''),
      EVENT_RETRY_FIRST_DELAY_MS: '100',
      EVENT_RETRY_MAX_DELAY_MS: '1000',
      EVENT_MAX_RETRIES: '60',
      EVENT_QUEUE_SUFFIX: `.test-${id}`,
      MONGO_DB: `notify_test_${id}`,
    };
    const first = await startTestNotify(env);
    const names = consumerQueueNames(first.queue, { firstDelayMs: 100, maxDelayMs: 1_000, maxRetries: 60 });
    const delayQueues = names.delays.map((delay) => delay.queue);
    let second: TestNotify | undefined;
    try {
      await proxy.cut();
      const events = Array.from({ length: 5 }, () => signedUpEvent());
      for (const event of events) await publisher.publish('user.signed_up', event);

      // Failed events wait in the broker's delay queues; several retries go by: five each (100, 200,
      // 400, 800 ms, then the 1 s cap), counted over all the events.
      await eventually(async () => (await messagesIn(delayQueues)) > 0, 15_000, 'Expected failed events to wait in a delay queue');
      await waitForRetries(first, first.queue, 'user.signed_up', events.length * 5);
      expect(emailsTo(await listEmails(), emailOf(events[0]!))).toHaveLength(0);

      // With the consumer stopped, the broker holds every event: none was kept in the consumer's memory.
      // At least once, not exactly once: the delay queues' at-least-once dead-lettering may move an
      // event back twice, and the inbox makes the second copy harmless, so the check is on ids, not counts.
      await first.service.stop();
      const expected = events.map((event) => event.id).sort();
      let held: string[] = [];
      // Every copy the broker holds, duplicates included: each is a delivery the next instance will be done with.
      let copies = 0;
      await eventually(
        async () => {
          if ((await messagesIn(delayQueues)) > 0) return false;
          const ids = await publisher.peekEventIds(names.work);
          copies = ids.length;
          held = [...new Set(ids)].sort();
          return held.join() === expected.join();
        },
        15_000,
        'Expected the broker to hold every event',
        500,
      ).catch((err: Error) => {
        throw new Error(`${err.message}: it holds ${held.length} of ${expected.length}`);
      });

      await proxy.restore();
      second = await startTestNotify(env);
      for (const event of events) await waitForEmailsTo(emailOf(event), 1, 30_000);
      await waitForDeliveriesDone(second, second.queue, 'user.signed_up', copies);
      await eventually(async () => (await messagesIn([names.work, ...delayQueues])) === 0, 15_000, 'Expected the queues to drain');
      const inbox = await listEmails();
      for (const event of events) expect(emailsTo(inbox, emailOf(event))).toHaveLength(1);
      expect(await messagesIn([names.deadLetter])).toBe(0);
    } finally {
      await (second ?? first).stop();
      await proxy.stop();
    }
  });
});

describe('the classic queue of the previous version', () => {
  it('is emptied into the new queues and deleted, so no event it held is lost', async () => {
    const suffix = `.test-${randomUUID().slice(0, 8)}`;
    const former = `notify.user-signed-up${suffix}`;
    await publisher.channel.assertQueue(`${former}.dead-letter`, { durable: true });
    await publisher.channel.assertQueue(former, {
      durable: true,
      arguments: { 'x-dead-letter-exchange': deadLetterExchangeOf(testEventsExchange()), 'x-dead-letter-routing-key': former },
    });
    await publisher.channel.bindQueue(former, testEventsExchange(), 'user.signed_up');
    const waiting = signedUpEvent();
    const deadLettered = signedUpEvent();
    publisher.channel.sendToQueue(former, Buffer.from(JSON.stringify(waiting)), { persistent: true });
    publisher.channel.sendToQueue(`${former}.dead-letter`, Buffer.from(JSON.stringify(deadLettered)), { persistent: true });
    await publisher.channel.waitForConfirms();

    const notify = await startTestNotify({ EVENT_QUEUE_SUFFIX: suffix });
    try {
      expect(notify.queue).toBe(`notify.user-signed-up.v2${suffix}`);
      await waitForEmailsTo(emailOf(waiting));
      const [kept] = await publisher.takeFrom(`${notify.queue}.dead-letter`, 1);
      expect((JSON.parse(kept!) as { id: string }).id).toBe(deadLettered.id);
      for (const queue of [former, `${former}.dead-letter`]) {
        await expect(TestPublisher.queueExists(queue)).resolves.toBe(false);
      }
    } finally {
      await notify.stop();
    }
  });
});

describe('replay-dead-letters', () => {
  it('moves dead-lettered events back to the work queue with a fresh retry budget, up to --limit', async () => {
    const notify = await startTestNotify();
    try {
      const deadLetterQueue = `${notify.queue}.dead-letter`;
      const events = [signedUpEvent(), signedUpEvent()];
      for (const event of events) {
        // As the broker leaves an event whose retries ran out.
        const headers = { 'x-attempt': Number(testRetryEnv.EVENT_MAX_RETRIES) };
        publisher.channel.sendToQueue(deadLetterQueue, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id, headers });
      }
      await publisher.channel.waitForConfirms();
      const env = { ...process.env, EVENT_QUEUE_SUFFIX: notify.queueSuffix };

      await expect(replayDeadLettersCommand(['--limit', '1'], env)).resolves.toBe(`Replayed 1 message(s) from ${deadLetterQueue} to ${notify.queue}`);
      await waitForEmailsTo(emailOf(events[0]!));
      expect(emailsTo(await listEmails(), emailOf(events[1]!))).toHaveLength(0);

      await expect(replayDeadLettersCommand(['--queue', notify.queue], env)).resolves.toBe(`Replayed 1 message(s) from ${deadLetterQueue} to ${notify.queue}`);
      await waitForEmailsTo(emailOf(events[1]!));
      expect((await publisher.channel.checkQueue(deadLetterQueue)).messageCount).toBe(0);
      await expect(replayDeadLettersCommand(['--limit', 'many'], env)).rejects.toThrow('--limit must be a positive whole number');
    } finally {
      await notify.stop();
    }
  });
});
