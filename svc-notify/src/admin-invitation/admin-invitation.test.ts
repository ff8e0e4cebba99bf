import { randomBytes, randomUUID } from 'node:crypto';
import type { AdminInvitedV1, EventEnvelope } from '@altmed/contracts';
import { deliveriesDone, emailsTo, listEmails, waitForDeliveriesDone, waitForEmailsTo } from '@altmed/local-stack/src/testing';
import { TestPublisher, startTestNotify, type TestNotify } from '../test/test-service';

function invitedEvent(expiresAt = new Date(Date.now() + 48 * 3_600_000).toISOString()): EventEnvelope<AdminInvitedV1> {
  return {
    id: randomUUID(),
    type: 'admin.invited',
    version: 1,
    time: new Date().toISOString(),
    source: 'svc-identity',
    data: {
      sendId: randomUUID(),
      invitationId: randomUUID(),
      email: `future.admin.${randomUUID().slice(0, 8)}@example.com`,
      token: randomBytes(32).toString('base64url'),
      invitedBy: { id: randomUUID(), email: 'lead@altmed.example' },
      expiresAt,
    },
  };
}

let publisher: TestPublisher;
let notify: TestNotify;
beforeAll(async () => {
  publisher = await TestPublisher.open();
  notify = await startTestNotify({ SITE_URL: 'https://members.altmed.example' });
});
afterAll(async () => {
  await notify.stop();
  await publisher.close();
});

it('emails the single-use invitation link once per sending, and not once it has expired', async () => {
  const event = invitedEvent();
  const past = invitedEvent(new Date(Date.now() - 1000).toISOString());
  const expired = { ...past, data: { ...past.data, email: event.data.email } };
  const before = await deliveriesDone(notify, notify.queues.adminInvitation, 'admin.invited');
  await publisher.publish('admin.invited', event);
  await publisher.publish('admin.invited', event);
  await publisher.publish('admin.invited', expired);

  const [email] = await waitForEmailsTo(event.data.email);
  await waitForDeliveriesDone(notify, notify.queues.adminInvitation, 'admin.invited', before + 3);
  expect(emailsTo(await listEmails(), event.data.email)).toHaveLength(1);
  expect(email!.subject).toBe('You are invited to administer Altmed');
  const link = `https://members.altmed.example/admin/accept-invitation?token=${event.data.token}`;
  expect(email!.text).toContain(link);
  expect(email!.html).toContain(`href="${link}"`);
  expect(email!.text).toContain('lead@altmed.example invited you');
  expect(email!.text).toContain('48 hours');
  // The invited person has no account yet: the email says the link makes one, and never speaks of "your account" as if it existed.
  expect(email!.text).toContain('You do not need an account yet: the link below makes yours');
  expect(email!.html).toContain('Create my administrator account');
  expect(email!.text).toContain(
    'You receive this email because lead@altmed.example invited this address to administer https://members.altmed.example. You have no account there unless you accept.',
  );
  expect(email!.text).not.toMatch(/because of your account/);
});
