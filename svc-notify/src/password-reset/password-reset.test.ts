import { randomBytes, randomUUID } from 'node:crypto';
import type { EventEnvelope, PasswordResetRequestedV1 } from '@altmed/contracts';
import { deliveriesDone, emailsTo, listEmails, waitForDeliveriesDone, waitForEmailsTo } from '@altmed/local-stack/src/testing';
import { TestPublisher, startTestNotify, type TestNotify } from '../test/test-service';

function resetEvent(overrides: Partial<{ expiresAt: string; name: string }> = {}): EventEnvelope<PasswordResetRequestedV1> {
  return {
    id: randomUUID(),
    type: 'user.password_reset_requested',
    version: 1,
    time: new Date().toISOString(),
    source: 'svc-identity',
    data: {
      userId: randomUUID(),
      name: overrides.name ?? 'Grace Hopper',
      email: `grace.${randomUUID().slice(0, 8)}@example.com`,
      resetId: randomUUID(),
      token: randomBytes(32).toString('base64url'),
      expiresAt: overrides.expiresAt ?? new Date(Date.now() + 3_600_000).toISOString(),
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

it('emails the single-use link to the reset page once, in an HTML and a text part', async () => {
  const event = resetEvent({ name: 'Grace <i>Hopper</i>' });
  const before = await deliveriesDone(notify, notify.queues.passwordReset, 'user.password_reset_requested');
  await publisher.publish('user.password_reset_requested', event);
  await publisher.publish('user.password_reset_requested', event);

  const [email] = await waitForEmailsTo(event.data.email);
  const link = `https://members.altmed.example/reset-password?token=${event.data.token}`;
  expect(email!.subject).toBe('Reset your password');
  expect(email!.text).toContain('Hi Grace,');
  expect(email!.text).toContain(link);
  expect(email!.text).toContain('one hour');
  expect(email!.html).toContain(`href="${link}"`);
  expect(email!.html).not.toContain('<i>');
  await waitForDeliveriesDone(notify, notify.queues.passwordReset, 'user.password_reset_requested', before + 2);
  expect(emailsTo(await listEmails(), event.data.email)).toHaveLength(1);
});

it('does not send a link that expired before the event was handled', async () => {
  const stale = resetEvent({ expiresAt: new Date(Date.now() - 1_000).toISOString() });
  await publisher.publish('user.password_reset_requested', stale);
  const fresh = resetEvent();
  await publisher.publish('user.password_reset_requested', fresh);
  await waitForEmailsTo(fresh.data.email);
  expect(emailsTo(await listEmails(), stale.data.email)).toHaveLength(0);
});
