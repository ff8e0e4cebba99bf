import { connect, type ChannelModel } from 'amqplib';
import request from 'supertest';
import { parseEvent, type EventEnvelope, type PasswordResetRequestedV1 } from '@altmed/contracts';
import { eventually, withDatabase, testEventsExchange } from '@altmed/local-stack/src/testing';
import { authBody, startTestIdentity, validSignup, waitForPublishedEventsReceived, type TestIdentity } from '../test/test-service';

const ANSWER = { message: 'If an account exists for that email address, we have sent a link to reset the password.' };
const INVALID_LINK = { message: 'This password reset link is invalid or has expired. Please ask for a new one.' };

/**
 * A private queue that keeps every user.password_reset_requested envelope. It takes user.signed_up
 * too: the relay publishes a user's events in order, and an unroutable sign-up would hold back the reset.
 */
async function listenForResets(): Promise<{ received: EventEnvelope<PasswordResetRequestedV1>[]; close: () => Promise<void> }> {
  const connection: ChannelModel = await connect(process.env.AMQP_URL!);
  const channel = await connection.createChannel();
  await channel.assertExchange(testEventsExchange(), 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  await channel.bindQueue(queue, testEventsExchange(), 'user.password_reset_requested');
  await channel.bindQueue(queue, testEventsExchange(), 'user.signed_up');
  const received: EventEnvelope<PasswordResetRequestedV1>[] = [];
  await channel.consume(
    queue,
    (message) => {
      if (message?.fields.routingKey === 'user.password_reset_requested') {
        received.push(parseEvent('user.password_reset_requested', JSON.parse(message.content.toString())));
      }
    },
    { noAck: true },
  );
  return { received, close: () => connection.close() };
}

let identity: TestIdentity;
let events: Awaited<ReturnType<typeof listenForResets>>;

beforeAll(async () => {
  identity = await startTestIdentity({ PASSWORD_RESET_REQUESTS_PER_HOUR: '3' });
  events = await listenForResets();
});
afterAll(async () => {
  await events.close();
  await identity.stop();
});

const api = () => request(identity.url);
/** Until every reset event identity has published is in the listener's hands: none of a request is still on its way. */
const waitForEveryResetEvent = () => waitForPublishedEventsReceived(identity, 'user.password_reset_requested', () => events.received.length);
const eventFor = (email: string, after = 0) => eventually(() => events.received.filter((event) => event.data.email === email)[after]);

async function member() {
  const body = validSignup();
  const signup = await api().post('/users/signup').send(body).expect(201);
  return { ...body, token: authBody(signup).token };
}

describe('POST /users/forgot-password', () => {
  it('answers the same for an account and for an unknown email, and emails only the account', async () => {
    const ada = await member();
    const known = await api().post('/users/forgot-password').send({ email: ada.email.toUpperCase() }).expect(202);
    const unknown = await api().post('/users/forgot-password').send({ email: 'nobody.here@example.com' }).expect(202);
    expect(known.body).toEqual(ANSWER);
    expect(unknown.body).toEqual(ANSWER);

    const event = await eventFor(ada.email);
    expect(event).toMatchObject({
      type: 'user.password_reset_requested',
      version: 1,
      source: 'svc-identity',
      data: { name: 'Ada Lovelace', email: ada.email },
    });
    const expiresIn = Date.parse(event.data.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
    await waitForEveryResetEvent();
    expect(events.received.filter((e) => e.data.email === 'nobody.here@example.com')).toHaveLength(0);

    // Identity keeps only a hash of the link's secret, and the published event leaves the outbox.
    await eventually(async () => {
      const stored = await withDatabase(identity.database, (db) => db.collection('users').findOne({ email: ada.email }));
      return stored && !JSON.stringify(stored).includes(event.data.token) && (stored.outbox as unknown[]).length === 0;
    });
  });

  it('sends nothing for a blocked account', async () => {
    const blocked = await member();
    await withDatabase(identity.database, (db) => db.collection('users').updateOne({ email: blocked.email }, { $set: { status: 'blocked' } }));
    await api().post('/users/forgot-password').send({ email: blocked.email }).expect(202, ANSWER);
    await waitForEveryResetEvent();
    expect(events.received.filter((e) => e.data.email === blocked.email)).toHaveLength(0);
  });

  it('limits requests per email, known or not, with the same answer', async () => {
    const ada = await member();
    for (const email of [ada.email, 'limit.unknown@example.com']) {
      for (let i = 0; i < 3; i += 1) await api().post('/users/forgot-password').send({ email }).expect(202);
      const limited = await api().post('/users/forgot-password').send({ email }).expect(429);
      expect(limited.body).toEqual({ message: 'Too many requests, please try again later' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    }
  });

  it('refuses what is not an email, and unknown fields', async () => {
    await api().post('/users/forgot-password').send({ email: 'not-an-email' }).expect(400, { message: 'A valid email address is required' });
    await api()
      .post('/users/forgot-password')
      .send({ email: { $ne: null } })
      .expect(400);
    await api().post('/users/forgot-password').send({ email: 'a@example.com', role: 'admin' }).expect(400, { message: 'Unknown field: role' });
  });
});

describe('POST /users/reset-password', () => {
  it('sets a new password once; the old password, the link and every earlier token stop working', async () => {
    const ada = await member();
    await api().get('/users/me').set('Authorization', `Bearer ${ada.token}`).expect(200);
    await api().post('/users/forgot-password').send({ email: ada.email }).expect(202);
    const { token } = (await eventFor(ada.email)).data;

    await api().post('/users/reset-password').send({ token, password: 'a brand new secret' }).expect(200, {
      message: 'Your password has been changed. Please log in with your new password.',
    });
    await api().post('/users/reset-password').send({ token, password: 'yet another secret' }).expect(400, INVALID_LINK);

    await api().post('/users/login').send({ email: ada.email, password: ada.password }).expect(401);
    const login = await api().post('/users/login').send({ email: ada.email, password: 'a brand new secret' }).expect(200);
    await api().get('/users/me').set('Authorization', `Bearer ${ada.token}`).expect(401);
    await api()
      .get('/users/me')
      .set('Authorization', `Bearer ${authBody(login).token}`)
      .expect(200);
  });

  it('accepts only the newest link', async () => {
    const ada = await member();
    await api().post('/users/forgot-password').send({ email: ada.email }).expect(202);
    const first = (await eventFor(ada.email, 0)).data.token;
    await api().post('/users/forgot-password').send({ email: ada.email }).expect(202);
    const second = (await eventFor(ada.email, 1)).data.token;
    await api().post('/users/reset-password').send({ token: first, password: 'new secret 1' }).expect(400, INVALID_LINK);
    await api().post('/users/reset-password').send({ token: second, password: 'new secret 2' }).expect(200);
  });

  it('refuses a link older than an hour', async () => {
    const ada = await member();
    await api().post('/users/forgot-password').send({ email: ada.email }).expect(202);
    const { token } = (await eventFor(ada.email)).data;
    await withDatabase(identity.database, (db) =>
      db.collection('users').updateOne({ email: ada.email }, { $set: { 'passwordReset.expiresAt': new Date(Date.now() - 1000) } }),
    );
    await api().post('/users/reset-password').send({ token, password: 'too late now' }).expect(400, INVALID_LINK);
    await api().post('/users/login').send({ email: ada.email, password: ada.password }).expect(200);
  });

  it('applies the sign-up password rule and refuses made-up tokens', async () => {
    const ada = await member();
    await api().post('/users/forgot-password').send({ email: ada.email }).expect(202);
    const { token } = (await eventFor(ada.email)).data;
    await api().post('/users/reset-password').send({ token, password: '12345' }).expect(400, { message: 'Password must be at least 6 characters long' });
    await api()
      .post('/users/reset-password')
      .send({ token: 'x'.repeat(43), password: 'long enough' })
      .expect(400, INVALID_LINK);
    await api()
      .post('/users/reset-password')
      .send({ token: { $ne: null }, password: 'long enough' })
      .expect(400, INVALID_LINK);
    await api().post('/users/reset-password').send({ token, password: 'long enough', userId: 'someone' }).expect(400, { message: 'Unknown field: userId' });
    // The refused attempts left the link usable.
    await api().post('/users/reset-password').send({ token, password: 'long enough' }).expect(200);
  });
});
