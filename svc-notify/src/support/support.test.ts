import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AdminSupportMessagesResponse, SupportReplyResponse } from '@altmed/contracts';
import {
  deliveriesDone,
  emailsTo,
  listEmails,
  startIdentityProcess,
  waitForDeliveriesDone,
  waitForEmailsTo,
  type IdentityProcess,
} from '@altmed/local-stack/src/testing';
import { startTestNotify, type TestNotify } from '../test/test-service';

const SUPPORT_TEAM = 'support-team@altmed.example';
let identity: IdentityProcess;
let notify: TestNotify;

beforeAll(async () => {
  identity = await startIdentityProcess();
  notify = await startTestNotify({ IDENTITY_URL: identity.url, ADMIN_NOTIFY_EMAIL: SUPPORT_TEAM, SITE_URL: 'https://members.altmed.example' });
});

afterAll(async () => {
  await notify.stop();
  await identity.stop();
});

const api = () => request(notify.url);
const contactMessage = (overrides: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: `grace.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`,
  topic: 'billing',
  message: 'I was charged twice for my membership this month.',
  ...overrides,
});

describe('Contact messages and the Support Center', () => {
  it('stores a message, tells the support team once, and lets an admin answer it by email', async () => {
    const admin = await identity.logInAdmin();
    const asAdmin = { authorization: `Bearer ${admin.token}` };
    const sent = contactMessage();
    const before = await deliveriesDone(notify, notify.queues.supportMessage, 'support.message_received');
    await api()
      .post('/support/messages')
      .set('x-forwarded-for', '203.0.113.7')
      .send(sent)
      .expect(202, { message: 'Thank you. Your message has reached our support team; we answer by email within one business day.' });

    await waitForDeliveriesDone(notify, notify.queues.supportMessage, 'support.message_received', before + 1);
    const teamEmails = (await listEmails()).filter((email) => email.to.some((to) => to.address === SUPPORT_TEAM) && email.text?.includes(sent.email));
    expect(teamEmails).toHaveLength(1);
    expect(teamEmails[0]!.subject).toBe('Contact message: Payments and receipts');
    expect(teamEmails[0]!.text).toContain('I was charged twice');
    expect(teamEmails[0]!.text).toContain('https://members.altmed.example/admin/support');

    const open = (await api().get('/support/messages').set(asAdmin).expect(200)).body as AdminSupportMessagesResponse;
    const stored = open.messages.find((message) => message.email === sent.email)!;
    expect(stored).toMatchObject({ name: 'Grace Hopper', topic: 'billing', status: 'open', replies: [] });
    expect(open.counts.open).toBeGreaterThanOrEqual(1);

    const replied = await api()
      .post(`/support/messages/${stored.id}/reply`)
      .set(asAdmin)
      .send({ text: 'Sorry about that: the second charge is refunded.' })
      .expect(200);
    const { supportMessage } = replied.body as SupportReplyResponse;
    expect(supportMessage).toMatchObject({ status: 'answered', replies: [{ by: admin.email, text: 'Sorry about that: the second charge is refunded.' }] });
    const [reply] = await waitForEmailsTo(sent.email);
    expect(reply!.subject).toBe('Re: Payments and receipts');
    expect(reply!.text).toContain('Hi Grace,');
    expect(reply!.text).toContain('the second charge is refunded');
    expect(reply!.text).toContain('I was charged twice');

    const answered = (await api().get('/support/messages').query({ status: 'answered' }).set(asAdmin).expect(200)).body as AdminSupportMessagesResponse;
    expect(answered.messages.map((message) => message.id)).toContain(stored.id);
    const stillOpen = (await api().get('/support/messages').set(asAdmin).expect(200)).body as AdminSupportMessagesResponse;
    expect(stillOpen.messages.map((message) => message.id)).not.toContain(stored.id);
    expect(emailsTo(await listEmails(), sent.email)).toHaveLength(1);
  });

  it('refuses a bad message, and more than 5 an hour from one address', async () => {
    await api()
      .post('/support/messages')
      .set('x-forwarded-for', '203.0.113.8')
      .send(contactMessage({ message: 'short' }))
      .expect(400, {
        message: 'The message must be at least 10 characters',
      });
    await api()
      .post('/support/messages')
      .set('x-forwarded-for', '203.0.113.8')
      .send(contactMessage({ topic: 'gold' }))
      .expect(400, { message: 'Choose a topic' });
    await api()
      .post('/support/messages')
      .set('x-forwarded-for', '203.0.113.8')
      .send(contactMessage({ status: 'answered' }))
      .expect(400);
    for (let sent = 3; sent < 5; sent += 1) await api().post('/support/messages').set('x-forwarded-for', '203.0.113.8').send(contactMessage()).expect(202);
    const refused = await api().post('/support/messages').set('x-forwarded-for', '203.0.113.8').send(contactMessage()).expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
    await api().post('/support/messages').set('x-forwarded-for', '203.0.113.9').send(contactMessage()).expect(202);
  });

  it('shows the Support Center to admins only', async () => {
    const member = await identity.signUp();
    await api().get('/support/messages').expect(401);
    await api().get('/support/messages').set('authorization', `Bearer ${member.token}`).expect(403);
    await api().post(`/support/messages/${randomUUID()}/reply`).set('authorization', `Bearer ${member.token}`).send({ text: 'hi' }).expect(403);
    const admin = await identity.logInAdmin();
    await api()
      .post(`/support/messages/${randomUUID()}/reply`)
      .set('authorization', `Bearer ${admin.token}`)
      .send({ text: 'hi' })
      .expect(404, { message: 'Message not found' });
    await api().get('/support/messages').query({ status: 'closed' }).set('authorization', `Bearer ${admin.token}`).expect(400);
  });
});
