import { randomUUID } from 'node:crypto';
import { connect, type Channel, type ChannelModel } from 'amqplib';
import request from 'supertest';
import { parseEvent, type AdminProvidersResponse } from '@altmed/contracts';
import { eventually, testEventsExchange, withDatabase } from '@altmed/local-stack/src/testing';
import { adminToken, memberToken, signUpProvider, startTestProviders, validNpi, type TestProviders } from '../test/test-service';

let site: TestProviders;
let admin: string;
let connection: ChannelModel;
let channel: Channel;
let queue: string;

beforeAll(async () => {
  site = await startTestProviders();
  admin = await adminToken(site.identity.url);
  connection = await connect(process.env.AMQP_URL!);
  channel = await connection.createChannel();
  await channel.assertExchange(testEventsExchange(), 'topic', { durable: true });
  ({ queue } = await channel.assertQueue('', { exclusive: true }));
  for (const type of ['provider.status_changed', 'provider.registered']) await channel.bindQueue(queue, testEventsExchange(), type);
}, 60_000);
afterAll(async () => {
  await connection.close();
  await site.stopAll();
});

const list = (query: string, token = admin) => request(site.url).get(`/admins/providers${query}`).set('Authorization', `Bearer ${token}`);
const act = (id: string, status: string, token = admin) =>
  request(site.url).put(`/admins/providers/${id}/status`).set('Authorization', `Bearer ${token}`).send({ status });
const body = (response: { body: unknown }) => response.body as AdminProvidersResponse & { provider: AdminProvidersResponse['providers'][number] };

async function statusEvents(): Promise<ReturnType<typeof parseEvent<'provider.status_changed'>>[]> {
  const events = [];
  for (let message = await channel.get(queue, { noAck: true }); message; message = await channel.get(queue, { noAck: true })) {
    if (message.fields.routingKey === 'provider.status_changed') events.push(parseEvent('provider.status_changed', JSON.parse(message.content.toString())));
  }
  return events;
}

describe('PUT /admins/providers/{id}/status', () => {
  it('approves a pending provider, blocks it, and unblocks it back to pending, each with an event and an audit entry', async () => {
    const { providerId, email } = await signUpProvider(site.url);

    const approved = body(await act(providerId, 'approve').expect(200));
    expect(approved.provider).toMatchObject({ _id: providerId, isActive: true, isApproved: true, status: 'approved' });
    expect(approved.provider).toMatchObject({ lastStatusChange: { action: 'approve', by: 'admin@providers.test' } });
    await act(providerId, 'approve').expect(409, { message: 'This action does not apply to the provider’s current status.' });

    expect(body(await act(providerId, 'block').expect(200)).provider).toMatchObject({ isActive: false, status: 'blocked' });
    await act(providerId, 'block').expect(409);
    expect(body(await act(providerId, 'unblock').expect(200)).provider).toMatchObject({ isActive: true, isApproved: false, status: 'pending' });

    const events: Awaited<ReturnType<typeof statusEvents>> = [];
    await eventually(async () => events.push(...(await statusEvents())) >= 3, 15_000);
    expect(events.map((event) => [event.data.action, event.data.previousStatus, event.data.status])).toEqual([
      ['approve', 'pending', 'approved'],
      ['block', 'approved', 'blocked'],
      ['unblock', 'blocked', 'pending'],
    ]);
    expect(events[0]!.data).toMatchObject({ providerId, email, changedBy: { email: 'admin@providers.test' } });
  });

  it('is for admins only, names a real provider, and takes only approve, block or unblock', async () => {
    const { providerId, token: providerToken } = await signUpProvider(site.url);
    await request(site.url).put(`/admins/providers/${providerId}/status`).send({ status: 'approve' }).expect(401);
    await act(providerId, 'approve', await memberToken(site.identity.url)).expect(403);
    await act(providerId, 'approve', providerToken).expect(403);
    await act(providerId, 'pending').expect(400, { message: 'Status must be approve, block or unblock' });
    await request(site.url)
      .put(`/admins/providers/${providerId}/status`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ status: 'approve', isAdmin: true })
      .expect(400);
    await act(randomUUID(), 'approve').expect(404, { message: 'Provider Not Found' });
    await act('not-an-id', 'approve').expect(404);
    expect(body(await list('')).providers.find((provider) => provider._id === providerId)).toMatchObject({ status: 'pending' });
  });
});

describe('GET /admins/providers', () => {
  it('filters by status, finds by practice, name, email, NPI or city regardless of case, and counts each status', async () => {
    const tag = randomUUID().slice(0, 6);
    const first = await signUpProvider(site.url, { practiceName: `Lotus ${tag} Clinic`, city: `Springfield${tag}` });
    const second = await signUpProvider(site.url, { providerName: `Dr. Quinn ${tag}` });
    await act(second.providerId, 'approve').expect(200);

    const ids = (response: { body: unknown }) => body(response).providers.map((provider) => provider._id);
    expect(ids(await list(`?search=${encodeURIComponent(`LOTUS ${tag}`)}`).expect(200))).toEqual([first.providerId]);
    expect(ids(await list(`?search=springfield${tag}`).expect(200))).toEqual([first.providerId]);
    expect(ids(await list(`?search=${encodeURIComponent(`quinn ${tag}`)}`).expect(200))).toEqual([second.providerId]);
    expect(ids(await list(`?search=${second.body.npiNumber}`).expect(200))).toEqual([second.providerId]);
    expect(ids(await list(`?search=${encodeURIComponent(first.email.toUpperCase())}`).expect(200))).toEqual([first.providerId]);
    expect(ids(await list(`?status=approved&search=${tag}`).expect(200))).toEqual([second.providerId]);
    expect(ids(await list(`?status=pending&search=${tag}`).expect(200))).toEqual([first.providerId]);
    expect(ids(await list(`?search=${encodeURIComponent('.*')}`).expect(200))).toEqual([]);

    const all = body(await list('?page=1').expect(200));
    expect(all.stats.total).toBe(all.stats.approved + all.stats.pending + all.stats.blocked);
    expect(all.stats.approved).toBeGreaterThanOrEqual(1);
    expect(all.total).toBe(all.stats.total);
    expect(all.providers[0]).toHaveProperty('email');
  });

  it('finds the start of any word, keeps the index in step with dashboard edits, and collapses spaces', async () => {
    const tag = randomUUID().slice(0, 6);
    const { providerId, token, body: signup } = await signUpProvider(site.url, { practiceName: `Harbor ${tag} Acupuncture`, city: `Port ${tag}ville` });
    const ids = async (search: string) => body(await list(`?search=${encodeURIComponent(search)}`).expect(200)).providers.map((provider) => provider._id);

    expect(await ids(`acupunct`)).toContain(providerId);
    expect(await ids(`  HARBOR   ${tag}  `)).toEqual([providerId]);
    expect(await ids(`port ${tag}v`)).toEqual([providerId]);
    expect(await ids(signup.npiNumber.slice(0, 8))).toContain(providerId);
    // Inside a word is not the start of one.
    expect(await ids(`${tag.slice(2)}ville`)).toEqual([]);

    const { password: _p, confirmPassword: _c, ...basic } = signup;
    await request(site.url)
      .put(`/provider-info/${providerId}`)
      .set('Authorization', `Bearer ${token}`)
      .send({ ...basic, practiceName: `Willow ${tag} Wellness` })
      .expect(200);
    expect(await ids(`willow ${tag}`)).toEqual([providerId]);
    expect(await ids(`harbor ${tag}`)).toEqual([]);
  });

  it('reads a record written behind its back (no event) when it starts again', async () => {
    const tag = randomUUID().slice(0, 6);
    const { providerId: signedUpId } = await signUpProvider(site.url);
    const providerId = randomUUID();
    await withDatabase(site.database, async (db) => {
      const providers = db.collection<{ _id: string; outbox?: unknown; outboxDueAt?: unknown; providerName?: string; email?: string; npiNumber?: string }>(
        'providers',
      );
      const { outbox: _outbox, outboxDueAt: _due, ...record } = (await providers.findOne({ _id: signedUpId }))!;
      await providers.insertOne({ ...record, _id: providerId, providerName: `Dr. Written ${tag}`, email: `written.${tag}@example.com`, npiNumber: validNpi() });
    });
    expect(body(await list(`?search=written%20${tag}`).expect(200)).providers).toEqual([]);

    const restarted = await startTestProviders({ MONGO_DB: site.database });
    try {
      const response = await request(restarted.url)
        .get(`/admins/providers?search=${encodeURIComponent(`WRITTEN ${tag}`)}`)
        .set('Authorization', `Bearer ${await adminToken(restarted.identity.url)}`)
        .expect(200);
      expect(body(response).providers.map((provider) => provider._id)).toEqual([providerId]);
    } finally {
      await restarted.stop({ keepDatabase: true });
      await restarted.identity.stop();
    }
  });

  it('refuses anyone but an admin, and a bad query', async () => {
    await request(site.url).get('/admins/providers').expect(401);
    await list('', await memberToken(site.identity.url)).expect(403);
    await list('?status=everything').expect(400);
    await list('?page=0').expect(400);
    await list('?sort=name').expect(400);
  });

  it('takes a parameter sent empty as no filter (a client that sends its whole filter object), and still refuses bad values beside it', async () => {
    const unfiltered = body(await list('').expect(200));
    expect(body(await list('?status=&search=&page=').expect(200))).toEqual(unfiltered);
    await list('?status=&page=0').expect(400);
    await list('?status=everything&search=').expect(400);
    await list('?status=&sort=').expect(400);
  });
});
