import { connect, type Channel, type ChannelModel } from 'amqplib';
import request from 'supertest';
import { parseEvent } from '@altmed/contracts';
import { eventually, testEventsExchange, waitForOutboxDrained } from '@altmed/local-stack/src/testing';
import { jpegImage, signUpProvider, startTestProviders, upload, type TestProviders } from '../test/test-service';

let site: TestProviders;
let connection: ChannelModel;
let channel: Channel;
let queue: string;
beforeAll(async () => {
  site = await startTestProviders();
  connection = await connect(process.env.AMQP_URL!);
  channel = await connection.createChannel();
  await channel.assertExchange(testEventsExchange(), 'topic', { durable: true });
  ({ queue } = await channel.assertQueue('', { exclusive: true }));
  await channel.bindQueue(queue, testEventsExchange(), 'provider.registered');
}, 60_000);
afterAll(async () => {
  await connection.close();
  await site.stopAll();
});

const registrationsPublished = () => site.service.metrics.eventsPublished('provider.registered');

async function takeAll(): Promise<unknown[]> {
  const taken: unknown[] = [];
  for (;;) {
    const message = await channel.get(queue, { noAck: true });
    if (!message) return taken;
    taken.push(JSON.parse(message.content.toString()));
  }
}

it('publishes provider.registered once, when step 3 first completes, with the record’s details', async () => {
  const before = await registrationsPublished();
  const { providerId, token, email } = await signUpProvider(site.url);
  const auth = { Authorization: `Bearer ${token}` };
  await request(site.url)
    .put(`/provider-info/${providerId}/qualifications`)
    .set(auth)
    .send({ specialties: ['Vision'], boardCertifications: ['Optometry'] })
    .expect(200);
  // Drained, the outbox has published all that step 2 wrote: no registration among it.
  await waitForOutboxDrained(site);
  expect(await registrationsPublished()).toBe(before);
  expect(await takeAll()).toEqual([]);

  const headshotUrl = await upload(site.url, token, await jpegImage(), 'me.jpg', 'image/jpeg');
  const galleryUrl = await upload(site.url, token, await jpegImage(), 'office.jpg', 'image/jpeg');
  await request(site.url)
    .put(`/provider-info/${providerId}/images`)
    .set(auth)
    .send({ headshotUrl, galleryUrl, practiceDescription: 'Eyes first.' })
    .expect(200);
  // Later saves of the same section (the dashboard) are no new registration.
  await request(site.url).put(`/provider-info/${providerId}/images`).set(auth).send({ practiceDescription: 'Eyes first, always.' }).expect(200);

  const events = await eventually(async () => {
    const taken = await takeAll();
    return taken.length > 0 ? taken : undefined;
  });
  const parsed = parseEvent('provider.registered', events[0]);
  expect(parsed.data).toMatchObject({
    providerId,
    email,
    providerName: 'Dr. Maya Patel',
    specialties: ['Vision'],
    boardCertifications: ['Optometry'],
    practiceDescription: 'Eyes first.',
    fullAddress: '12 Oak Street, Suite 4, Austin, TX 78701',
  });
  // Every registration published (copies included) reaches the queue: take them all.
  await waitForOutboxDrained(site);
  const published = (await registrationsPublished()) - before;
  await eventually(async () => {
    events.push(...(await takeAll()));
    return events.length >= published;
  });
  // Delivery is at least once (consumers absorb copies through their inboxes, keyed on the event id or, for
  // svc-notify's provider emails, the provider id; the search index reads the provider again): copies, but one event.
  expect(new Set(events.map((event) => (event as { id: string }).id))).toEqual(new Set([parsed.id]));
});
