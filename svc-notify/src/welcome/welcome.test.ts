import { randomUUID } from 'node:crypto';
import net from 'node:net';
import {
  deliveriesDone,
  emailsTo,
  eventually,
  listEmails,
  proxyFor,
  waitForDeliveriesDone,
  waitForEmailsTo,
  waitForRetries,
} from '@altmed/local-stack/src/testing';
import { TestPublisher, signedUpEvent, startTestNotify, type TestNotify } from '../test/test-service';

let publisher: TestPublisher;
beforeAll(async () => {
  publisher = await TestPublisher.open();
});
afterAll(async () => {
  await publisher.close();
});

describe('welcome email', () => {
  let notify: TestNotify;
  beforeAll(async () => {
    notify = await startTestNotify();
  });
  afterAll(async () => {
    await notify.stop();
  });

  it('is sent once per user.signed_up event, even when the event is delivered twice', async () => {
    const event = signedUpEvent({ name: 'Grace <b>Hopper</b>' });
    const { email } = event.data as { email: string };
    const done = await deliveriesDone(notify, notify.queue, 'user.signed_up');
    await publisher.publish('user.signed_up', event);
    await publisher.publish('user.signed_up', event);

    const [welcome] = await waitForEmailsTo(email);
    await waitForDeliveriesDone(notify, notify.queue, 'user.signed_up', done + 2);
    expect(emailsTo(await listEmails(), email)).toHaveLength(1);
    expect(welcome!.subject).toBe('Welcome to your membership');
    expect(welcome!.text).toContain('Hi Grace,');
    expect(welcome!.html).not.toContain('<b>');
  });

  it('dead-letters a poison message and keeps serving the next one', async () => {
    await publisher.publish('user.signed_up', 'this is not json');
    const missingEmail = signedUpEvent();
    (missingEmail.data as Record<string, unknown>).email = undefined;
    await publisher.publish('user.signed_up', missingEmail);
    await publisher.publish('user.signed_up', { ...signedUpEvent(), version: 99 });

    const deadLettered = await publisher.takeFrom(`${notify.queue}.dead-letter`, 3);
    expect(deadLettered).toContain('this is not json');
    expect(deadLettered.some((body) => body.includes(missingEmail.id))).toBe(true);

    const next = signedUpEvent();
    await publisher.publish('user.signed_up', next);
    await waitForEmailsTo((next.data as { email: string }).email);
  });
});

describe('when the broker cancels the consumer', () => {
  it('rebuilds its queue and consumer, and keeps sending', async () => {
    const notify = await startTestNotify();
    try {
      await publisher.channel.deleteQueue(notify.queue);
      const event = signedUpEvent();
      const { email } = event.data as { email: string };
      // Until the consumer's connection is rebuilt its queue does not exist and a copy is dropped
      // unrouted: publish the same event until one gets through (the inbox sends it once).
      let routed = 0;
      await eventually(async () => {
        if (await publisher.publishRouted('user.signed_up', event)) routed += 1;
        return emailsTo(await listEmails(), email).length > 0;
      }, 20_000);
      await waitForDeliveriesDone(notify, notify.queue, 'user.signed_up', routed);
      expect(emailsTo(await listEmails(), email)).toHaveLength(1);
    } finally {
      await notify.stop();
    }
  });
});

describe('when the SMTP server fails', () => {
  it('retries and delivers once the SMTP server is back', async () => {
    const smtp = new URL(process.env.SMTP_URL!);
    const { proxy, url } = await proxyFor(`smtp://${smtp.host}`);
    const notify = await startTestNotify({ SMTP_URL: url.replace(/\/$/, '') });
    try {
      await proxy.cut();
      const event = signedUpEvent();
      await publisher.publish('user.signed_up', event);
      // The SMTP server is back only once a send has failed.
      await waitForRetries(notify, notify.queue, 'user.signed_up', 1);
      await proxy.restore();
      const emails = await waitForEmailsTo((event.data as { email: string }).email, 1, 20_000);
      expect(emails).toHaveLength(1);
    } finally {
      await notify.stop();
      await proxy.stop();
    }
  });

  it('dead-letters the event after its bounded retries', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const notify = await startTestNotify({ SMTP_URL: `smtp://127.0.0.1:${port}`, EVENT_MAX_RETRIES: '2' });
    try {
      const event = signedUpEvent({ id: randomUUID() });
      await publisher.publish('user.signed_up', event);
      const deadLettered = await eventually(async () => (await publisher.channel.get(`${notify.queue}.dead-letter`, { noAck: true })) || undefined);
      expect((JSON.parse(deadLettered.content.toString()) as { id: string }).id).toBe(event.id);
      // It went through the broker's delay queues twice before it was dead-lettered.
      expect(deadLettered.properties.headers?.['x-attempt']).toBe(2);
    } finally {
      await notify.stop();
    }
  });
});
