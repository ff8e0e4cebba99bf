import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AdminSupportMessagesResponse, SupportReplyResponse } from '@altmed/contracts';
import {
  deliveriesDone,
  emailsTo,
  eventually,
  listEmails,
  startIdentityProcess,
  waitForDeliveriesDone,
  waitForEmailsTo,
  withDatabase,
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
    expect(stored).toMatchObject({ name: 'Grace Hopper', topic: 'billing', status: 'open', userId: null, replies: [] });
    expect(open.counts.open).toBeGreaterThanOrEqual(1);

    const replied = await api()
      .post(`/support/messages/${stored.id}/reply`)
      .set(asAdmin)
      .send({ text: 'Sorry about that: the second charge is refunded.' })
      .expect(200);
    const { supportMessage } = replied.body as SupportReplyResponse;
    const adminName = (await identity.me(admin)).name as string;
    expect(supportMessage).toMatchObject({
      status: 'answered',
      replies: [{ by: { name: adminName, email: admin.email }, text: 'Sorry about that: the second charge is refunded.' }],
    });
    expect(Date.now() - Date.parse(supportMessage.replies[0]!.at)).toBeLessThan(60_000);
    const [reply] = await waitForEmailsTo(sent.email);
    expect(reply!.subject).toBe('Re: Payments and receipts');
    expect(reply!.text).toContain('Hi Grace,');
    expect(reply!.text).toContain('the second charge is refunded');
    expect(reply!.text).toContain('I was charged twice');

    const answered = (await api().get('/support/messages').query({ status: 'answered' }).set(asAdmin).expect(200)).body as AdminSupportMessagesResponse;
    expect(answered.messages.find((message) => message.id === stored.id)).toEqual(supportMessage);
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
  it('finds messages by any part of the name, the email or the text, in any case, counting each state', async () => {
    const asAdmin = { authorization: `Bearer ${(await identity.logInAdmin()).token}` };
    const word = `zq${randomUUID().slice(0, 8)}`;
    const send = async (overrides: Record<string, unknown>, address: string) => {
      await api().post('/support/messages').set('x-forwarded-for', address).send(contactMessage(overrides)).expect(202);
    };
    await send({ name: `Katherine ${word}son`, message: 'Where is my receipt for the spring?' }, '203.0.113.20');
    await send({ email: `k.${word}@example.com`, message: 'Please change the email of my account.' }, '203.0.113.21');
    await send({ name: 'Dorothy Vaughan', message: `My code ${word.toUpperCase()} did not work at checkout.` }, '203.0.113.22');
    const search = async (query: Record<string, string>) =>
      (await api().get('/support/messages').query(query).set(asAdmin).expect(200)).body as AdminSupportMessagesResponse;

    const all = await search({ search: word });
    expect(all.messages.map((message) => message.name)).toEqual(['Dorothy Vaughan', 'Grace Hopper', `Katherine ${word}son`]);
    expect(all).toMatchObject({ counts: { open: 3, answered: 0 }, total: 3, page: 1, pageSize: 20, totalPages: 1 });
    expect((await search({ search: `  ${word.toUpperCase()}   CHECKOUT ` })).messages.map((message) => message.name)).toEqual(['Dorothy Vaughan']);
    expect((await search({ search: `${word} receipt` })).messages.map((message) => message.name)).toEqual([`Katherine ${word}son`]);
    expect((await search({ search: `k.${word}@example` })).messages.map((message) => message.message)).toEqual(['Please change the email of my account.']);
    expect(await search({ search: `${word} nowhere` })).toMatchObject({ messages: [], counts: { open: 0, answered: 0 }, total: 0, totalPages: 1 });

    const dorothy = all.messages[0]!;
    await api().post(`/support/messages/${dorothy.id}/reply`).set(asAdmin).send({ text: 'The code had expired; here is a new one.' }).expect(200);
    const answered = await search({ search: word, status: 'answered' });
    expect(answered.messages.map((message) => message.id)).toEqual([dorothy.id]);
    expect(answered.counts).toEqual({ open: 2, answered: 1 });
    expect((await search({ search: word, page: '2' })).messages).toEqual([]);

    await api()
      .get('/support/messages')
      .query({ search: 'x'.repeat(201) })
      .set(asAdmin)
      .expect(400);
    await api().get('/support/messages').query({ q: word }).set(asAdmin).expect(400);
  });

  it("keeps a logged-in member's user id, from the token only, and a visitor's message has none", async () => {
    const asAdmin = { authorization: `Bearer ${(await identity.logInAdmin()).token}` };
    const member = await identity.signUp();
    const other = await identity.signUp();
    const fromMember = contactMessage({ message: `From a member ${randomUUID()}` });
    await api().post('/support/messages').set('x-forwarded-for', '203.0.113.30').set('authorization', `Bearer ${member.token}`).send(fromMember).expect(202);
    // The body cannot name a member: the schema takes no user id, whoever sends it.
    await api()
      .post('/support/messages')
      .set('x-forwarded-for', '203.0.113.30')
      .set('authorization', `Bearer ${member.token}`)
      .send(contactMessage({ userId: other.id }))
      .expect(400);
    await api()
      .post('/support/messages')
      .set('x-forwarded-for', '203.0.113.30')
      .send(contactMessage({ userId: other.id }))
      .expect(400);
    await api().post('/support/messages').set('x-forwarded-for', '203.0.113.31').set('authorization', 'Bearer not-a-token').send(contactMessage()).expect(401);
    const fromAdmin = contactMessage({ message: `From an admin ${randomUUID()}` });
    await api().post('/support/messages').set('x-forwarded-for', '203.0.113.31').set(asAdmin).send(fromAdmin).expect(202);

    const found = async (text: string) =>
      ((await api().get('/support/messages').query({ search: text }).set(asAdmin).expect(200)).body as AdminSupportMessagesResponse).messages;
    expect((await found(fromMember.message)).map((message) => message.userId)).toEqual([member.id]);
    // Only a member's account is linked to the Users area's member page.
    expect((await found(fromAdmin.message)).map((message) => message.userId)).toEqual([null]);
    await api().get('/support/messages').query({ search: fromMember.message }).set('authorization', `Bearer ${member.token}`).expect(403);
  });
  it("shows a message taken, and a reply sent, by one instance in another's list", async () => {
    const second = await startTestNotify({ IDENTITY_URL: identity.url, MONGO_DB: notify.database, EVENT_QUEUE_SUFFIX: notify.queueSuffix });
    try {
      const asAdmin = { authorization: `Bearer ${(await identity.logInAdmin()).token}` };
      const sent = contactMessage({ message: `Seen by both ${randomUUID()}` });
      await request(second.url).post('/support/messages').set('x-forwarded-for', '203.0.113.40').send(sent).expect(202);
      const listed = async (status: 'open' | 'answered') =>
        ((await api().get('/support/messages').query({ status, search: sent.message }).set(asAdmin).expect(200)).body as AdminSupportMessagesResponse).messages;
      await eventually(async () => (await listed('open')).length === 1, 15_000, 'the first instance never listed the message');
      const [message] = await listed('open');
      await request(second.url).post(`/support/messages/${message!.id}/reply`).set(asAdmin).send({ text: 'Answered from the second instance.' }).expect(200);
      await eventually(async () => (await listed('answered')).length === 1, 15_000, 'the first instance never listed the message as answered');
    } finally {
      await second.stop({ keepDatabase: true });
    }
  }, 90_000);

  it("forgets a deleted member's messages, sent logged in or from their email, in every instance's list, and keeps the others'", async () => {
    const second = await startTestNotify({ IDENTITY_URL: identity.url, MONGO_DB: notify.database, EVENT_QUEUE_SUFFIX: notify.queueSuffix });
    try {
      const asAdmin = { authorization: `Bearer ${(await identity.logInAdmin()).token}` };
      const member = await identity.signUp();
      const mark = randomUUID();
      const loggedIn = contactMessage({ message: `Sent logged in ${mark}` });
      const fromTheirEmail = contactMessage({ email: member.email.toUpperCase(), message: `Sent as a visitor ${mark}` });
      const someoneElse = contactMessage({ message: `Sent by someone else ${mark}` });
      await api().post('/support/messages').set('x-forwarded-for', '203.0.113.50').set('authorization', `Bearer ${member.token}`).send(loggedIn).expect(202);
      await request(second.url).post('/support/messages').set('x-forwarded-for', '203.0.113.51').send(fromTheirEmail).expect(202);
      await api().post('/support/messages').set('x-forwarded-for', '203.0.113.52').send(someoneElse).expect(202);
      const listedBy = async (url: string) =>
        ((await request(url).get('/support/messages').query({ search: mark }).set(asAdmin).expect(200)).body as AdminSupportMessagesResponse).messages
          .map((message) => message.message)
          .sort();
      for (const url of [notify.url, second.url]) {
        await eventually(async () => (await listedBy(url)).length === 3, 15_000, 'an instance never listed the three messages');
      }

      await request(identity.url).delete('/users/me').set('authorization', `Bearer ${member.token}`).send({ password: 'correct horse' }).expect(200);

      for (const url of [notify.url, second.url]) {
        await eventually(async () => (await listedBy(url)).length === 1, 15_000, 'an instance still lists the deleted member’s messages');
        expect(await listedBy(url)).toEqual([someoneElse.message]);
      }
      await withDatabase(notify.database, async (db) => {
        const left = await db
          .collection('support_messages')
          .find({ message: { $in: [loggedIn.message, fromTheirEmail.message, someoneElse.message] } })
          .toArray();
        expect(left.map((message) => message.email as string)).toEqual([someoneElse.email]);
      });
    } finally {
      await second.stop({ keepDatabase: true });
    }
  }, 90_000);
});
