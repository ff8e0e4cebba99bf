import { randomUUID } from 'node:crypto';
import { connect, type ChannelModel, type ConfirmChannel } from 'amqplib';
import request from 'supertest';
import { chartedWeeks, weekStartOf, type EventEnvelope, type ProviderFiguresResponse } from '@altmed/contracts';
import { deliveriesDone, eventually, testEventsExchange, waitForDeliveriesDone } from '@altmed/local-stack/src/testing';
import { adminToken, memberToken, signUpProvider, startTestProviders, type TestProviders } from '../test/test-service';
import { providerTallyQueue } from './provider-tally.consumer';
import { SEARCH_TALLY_JOB } from './search-tally';

let site: TestProviders;
let admin: string;
let connection: ChannelModel;
let channel: ConfirmChannel;
let tallyQueue: string;

beforeAll(async () => {
  site = await startTestProviders({ SEARCH_TALLY_FLUSH_SECONDS: '1' });
  admin = await adminToken(site.identity.url);
  tallyQueue = providerTallyQueue(site.queueSuffix);
  connection = await connect(process.env.AMQP_URL!);
  channel = await connection.createConfirmChannel();
}, 60_000);

afterAll(async () => {
  await connection.close();
  await site.stopAll();
});

const figures = async (token = admin) =>
  (await request(site.url).get('/admins/figures').set('Authorization', `Bearer ${token}`).expect(200)).body as ProviderFiguresResponse;
/** The week of the file's start, looked up by its Monday (a Monday midnight during the file moves the charted weeks on). */
const startedAt = new Date();
const thisWeek = (answer: ProviderFiguresResponse) =>
  answer.weeks.find((week) => week.weekStart === weekStartOf(startedAt).toISOString().slice(0, 10)) ?? { weekStart: '', signedUp: 0, approved: 0, blocked: 0 };
const act = (id: string, status: string) =>
  request(site.url).put(`/admins/providers/${id}/status`).set('Authorization', `Bearer ${admin}`).send({ status }).expect(200);
const search = (query: string) => request(site.url).get(`/directory/providers${query}`).set('Authorization', `Bearer ${admin}`).expect(200);

async function publish(event: EventEnvelope): Promise<void> {
  channel.publish(testEventsExchange(), event.type, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id });
  await channel.waitForConfirms();
}

describe('GET /admins/figures', () => {
  it('counts providers signed up, approved and blocked this week as their events arrive, each event once', async () => {
    const before = thisWeek(await figures());
    const { providerId, email } = await signUpProvider(site.url);
    await signUpProvider(site.url);
    await act(providerId, 'approve');
    await act(providerId, 'block');
    await eventually(async () => {
      const week = thisWeek(await figures());
      return week.approved === before.approved + 1 && week.blocked === before.blocked + 1;
    }, 20_000);

    // A registration (step 3 finished), delivered twice as the broker may: counted once.
    const delivered = await deliveriesDone(site, tallyQueue, 'provider.registered');
    const registration: EventEnvelope = {
      id: randomUUID(),
      type: 'provider.registered',
      version: 1,
      time: startedAt.toISOString(),
      source: 'svc-providers',
      data: {
        providerId,
        providerName: 'Dr. Maya Patel',
        practiceName: 'Green Valley Wellness',
        email,
        npiNumber: '1234567893',
        fullAddress: '12 Oak Street, Austin, TX 78701',
        specialties: ['Vision'],
        boardCertifications: [],
        hospitalAffiliations: [],
        educationAndTraining: [],
        practiceDescription: 'Eyes first.',
      },
    };
    await publish(registration);
    await publish(registration);
    await waitForDeliveriesDone(site, tallyQueue, 'provider.registered', delivered + 2);
    const after = await figures();
    expect(thisWeek(after)).toMatchObject({ signedUp: before.signedUp + 1, approved: before.approved + 1, blocked: before.blocked + 1 });
    expect(after.weeks.map((week) => week.weekStart)).toEqual(chartedWeeks(Date.now(), 12));
    expect(after.providersPending).toBe(1);
    expect(after.reviewsPending).toBe(0);
  });

  it('ranks the directory’s most searched areas and places: first pages only, and a place only when the search found a provider', async () => {
    const { providerId } = await signUpProvider(site.url, { city: 'Santa Fe', state: 'NM' });
    await act(providerId, 'approve');
    await eventually(async () => ((await search('?state=NM&city=santa%20fe')).body as { total: number }).total === 1);
    await search('?state=NM&city=%20SANTA%20%09fe');
    await search('?areas=Dentistry,Autoimmune&state=NM&city=Santa%20Fe');
    await search('?areas=Dentistry');
    await search('?areas=Dentistry&page=2');
    await search('?state=NM&city=Nowhere');

    // Flushes run one at a time: of two more finished ones, the second began after the last search and wrote it.
    const flushes = await site.service.metrics.runsOf(SEARCH_TALLY_JOB);
    await eventually(async () => (await site.service.metrics.runsOf(SEARCH_TALLY_JOB)) >= flushes + 2, 20_000);
    const { mostSearched } = await figures();
    expect(mostSearched.areas).toEqual([
      { term: 'Dentistry', searches: 2 },
      { term: 'Autoimmune', searches: 1 },
    ]);
    expect(mostSearched.places).toEqual([{ term: 'Santa Fe, NM', searches: 2 }]);
  });

  it('is for admins only', async () => {
    await request(site.url).get('/admins/figures').expect(401);
    await request(site.url)
      .get('/admins/figures')
      .set('Authorization', `Bearer ${await memberToken(site.identity.url)}`)
      .expect(403);
  });
});
