import { randomUUID } from 'node:crypto';
import type { EventEnvelope, ProviderStatusChangedV1 } from '@altmed/contracts';
import { deliveriesDone, emailsTo, listEmails, waitForDeliveriesDone, waitForEmailsTo } from '@altmed/local-stack/src/testing';
import { TestPublisher, startTestNotify, type TestNotify } from '../test/test-service';

function statusChanged(
  action: ProviderStatusChangedV1['action'],
  email = `dr.${randomUUID().slice(0, 8)}@example.com`,
): EventEnvelope<ProviderStatusChangedV1> {
  const statuses = { approve: ['pending', 'approved'], block: ['approved', 'blocked'], unblock: ['blocked', 'pending'] } as const;
  return {
    id: randomUUID(),
    type: 'provider.status_changed',
    version: 1,
    time: new Date().toISOString(),
    source: 'svc-providers',
    data: {
      providerId: randomUUID(),
      providerName: 'Dr. Maya <b>Patel</b>',
      practiceName: 'Green Valley Wellness',
      email,
      action,
      previousStatus: statuses[action][0],
      status: statuses[action][1],
      changedBy: { id: randomUUID(), email: 'vetting@altmed.example' },
      changedAt: new Date().toISOString(),
    },
  };
}

let publisher: TestPublisher;
let notify: TestNotify;
beforeAll(async () => {
  publisher = await TestPublisher.open();
  notify = await startTestNotify({ SITE_URL: 'https://altmed.example' });
});
afterAll(async () => {
  await notify.stop();
  await publisher.close();
});

const TYPE = 'provider.status_changed';
const done = () => deliveriesDone(notify, notify.queues.providerStatus, TYPE);

it('tells an approved provider once, with a link to its dashboard', async () => {
  const event = statusChanged('approve');
  const before = await done();
  await publisher.publish('provider.status_changed', event);
  await publisher.publish('provider.status_changed', event);

  const [email] = await waitForEmailsTo(event.data.email);
  expect(email!.subject).toBe('Your practice is approved');
  expect(email!.text).toContain('Green Valley Wellness');
  expect(email!.html).toContain('href="https://altmed.example/provider/profile"');
  expect(email!.text).toContain(`https://altmed.example/provider-profile/${event.data.providerId}`);
  expect(email!.html).not.toContain('<b>Patel</b>');
  await waitForDeliveriesDone(notify, notify.queues.providerStatus, TYPE, before + 2);
  expect(emailsTo(await listEmails(), event.data.email)).toHaveLength(1);
});

it('sends nothing for a block or an unblock', async () => {
  const email = `dr.${randomUUID().slice(0, 8)}@example.com`;
  const before = await done();
  await publisher.publish('provider.status_changed', statusChanged('block', email));
  await publisher.publish('provider.status_changed', statusChanged('unblock', email));
  const marker = statusChanged('approve');
  await publisher.publish('provider.status_changed', marker);
  await waitForEmailsTo(marker.data.email);
  // The marker's email says nothing of the others: the consumer takes several deliveries at once.
  await waitForDeliveriesDone(notify, notify.queues.providerStatus, TYPE, before + 3);
  expect(emailsTo(await listEmails(), email)).toHaveLength(0);
});
