import { connect, type Channel, type ChannelModel } from 'amqplib';
import request from 'supertest';
import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import { eventually, proxyFor, sleep, withDatabase, type TcpProxy, testEventsExchange } from '@altmed/local-stack/src/testing';
import { authBody, startTestIdentity, validSignup, type TestIdentity } from '../test/test-service';

/**
 * A private queue bound to user.signed_up that collects every event it gets. Other test files
 * publish to the same exchange (poison messages included), so only envelopes are kept.
 */
async function listenForSignups(): Promise<{ received: EventEnvelope[]; close: () => Promise<void>; connection: ChannelModel; channel: Channel }> {
  const connection = await connect(process.env.AMQP_URL!);
  const channel = await connection.createChannel();
  await channel.assertExchange(testEventsExchange(), 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  await channel.bindQueue(queue, testEventsExchange(), 'user.signed_up');
  const received: EventEnvelope[] = [];
  await channel.consume(
    queue,
    (message) => {
      if (!message) return;
      try {
        received.push(JSON.parse(message.content.toString()) as EventEnvelope);
      } catch {
        // not an envelope: another file's poison message
      }
    },
    { noAck: true },
  );
  return { received, connection, channel, close: () => connection.close() };
}

/** Users the outbox relay has yet to visit (their `outboxDueAt` is set while events wait). */
function usersDue(database: string): Promise<number> {
  return withDatabase(database, (db) => db.collection('users').countDocuments({ outboxDueAt: { $exists: true } }));
}

function pendingOutbox(database: string): Promise<number> {
  return withDatabase(database, async (db) => {
    const users = await db
      .collection<{ outbox?: unknown[] }>('users')
      .find({}, { projection: { outbox: 1 } })
      .toArray();
    return users.reduce((sum, user) => sum + (user.outbox?.length ?? 0), 0);
  });
}

it('publishes user.signed_up (v1, envelope from the contracts) for every sign-up', async () => {
  const identity = await startTestIdentity();
  const listener = await listenForSignups();
  try {
    const body = validSignup();
    const signup = await request(identity.url).post('/users/signup').send(body).expect(201);
    const raw = await eventually(() => listener.received.find((event) => (event.data as { userId?: string }).userId === authBody(signup).user.id));
    const event = parseEvent('user.signed_up', raw);
    expect(event).toMatchObject({ type: 'user.signed_up', version: 1, source: 'svc-identity', data: { email: body.email, name: body.name, role: 'user' } });
    await eventually(async () => (await pendingOutbox(identity.database)) === 0);
  } finally {
    await listener.close();
    await identity.stop();
  }
});

describe('while the broker is unreachable', () => {
  let proxy: TcpProxy;
  let identity: TestIdentity;

  beforeAll(async () => {
    const proxied = await proxyFor(process.env.AMQP_URL!);
    proxy = proxied.proxy;
    identity = await startTestIdentity({ AMQP_URL: proxied.url });
  });

  afterAll(async () => {
    await identity.stop();
    await proxy.stop();
  });

  it('keeps signing up and logging in, says degraded, holds the event in the outbox and publishes it once the broker is back', async () => {
    const listener = await listenForSignups();
    try {
      await proxy.cut();
      await eventually(async () => ((await request(identity.url).get('/readyz')).body as { status: string }).status === 'degraded');
      await request(identity.url)
        .get('/readyz')
        .expect(200, { status: 'degraded', checks: { database: true, broker: false } });

      const body = validSignup();
      const signup = await request(identity.url).post('/users/signup').send(body).expect(201);
      const userId = authBody(signup).user.id;
      const login = await request(identity.url).post('/users/login').send({ email: body.email, password: body.password }).expect(200);
      expect(authBody(login).user).toMatchObject({ id: userId, email: body.email });
      // What is tested is an outage that lasts through the relay's passes. While the broker is away a
      // pass skips or fails and backs off, and nothing else changes that a test could wait for: the
      // outage lasts a fixed while.
      await sleep(1_500);
      expect(listener.received.filter((event) => (event.data as { userId?: string }).userId === userId)).toHaveLength(0);
      expect(await pendingOutbox(identity.database)).toBe(1);
      expect(await usersDue(identity.database)).toBe(1);

      await proxy.restore();
      await eventually(() => listener.received.find((event) => (event.data as { userId?: string }).userId === userId), 20_000);
      await eventually(async () => (await pendingOutbox(identity.database)) === 0);
      expect(await usersDue(identity.database)).toBe(0);
      expect(listener.received.filter((event) => (event.data as { userId?: string }).userId === userId)).toHaveLength(1);
      await eventually(async () => ((await request(identity.url).get('/readyz')).body as { status: string }).status === 'ready');
    } finally {
      await listener.close();
    }
  });
});
