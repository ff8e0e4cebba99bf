import { emailsTo, eventually, listEmails, waitForDeliveriesDone } from '@altmed/local-stack/src/testing';
import { TestPublisher, signedUpEvent, startTestNotify } from '../test/test-service';

/**
 * Two instances of svc-notify on one database and one set of queues, as `deploy/k8s` runs them: they
 * share the work, and the inbox they share sends each email once, even for an event delivered to both.
 */
it('sends each welcome email once when two instances consume the same queue', async () => {
  const first = await startTestNotify();
  const second = await startTestNotify({ MONGO_DB: first.database, EVENT_QUEUE_SUFFIX: first.queueSuffix });
  const publisher = await TestPublisher.open();
  try {
    const events = Array.from({ length: 20 }, () => signedUpEvent());
    // Each event twice, back to back: the two copies usually go to different instances at once.
    for (const event of events) {
      await publisher.publish('user.signed_up', event);
      await publisher.publish('user.signed_up', event);
    }
    const addresses = events.map((event) => (event.data as { email: string }).email);
    const delivered = async () => {
      const inbox = await listEmails();
      return addresses.map((address) => emailsTo(inbox, address).length);
    };
    await eventually(async () => (await delivered()).every((count) => count >= 1), 30_000, 'not every welcome email arrived');
    // Every copy is done with, at one instance or the other.
    await waitForDeliveriesDone([first, second], first.queue, 'user.signed_up', events.length * 2);
    expect(await delivered()).toEqual(addresses.map(() => 1));
  } finally {
    await publisher.close();
    await second.stop({ keepDatabase: true });
    await first.stop();
  }
}, 90_000);
