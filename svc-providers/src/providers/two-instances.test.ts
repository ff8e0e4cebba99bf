import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Provider } from '@altmed/contracts';
import type { RunningService } from '@altmed/service-kit';
import { startServiceUnderTest, type ServiceUnderTest } from '@altmed/local-stack/src/testing';
import { loadProvidersConfig } from '../config';
import { startProvidersService } from '../service';
import { jpegImage, pngImage, signUpProvider, startTestProviders, upload, type TestProviders } from '../test/test-service';

/**
 * Two instances of svc-providers on one database, as `deploy/k8s` runs them: a provider's requests
 * land on either, so an upload one of them signed is taken by the other.
 */
let first: TestProviders;
let second: ServiceUnderTest<RunningService>;

beforeAll(async () => {
  first = await startTestProviders();
  second = await startServiceUnderTest({
    databasePrefix: 'providers',
    start: (serviceEnv) => startProvidersService(loadProvidersConfig(serviceEnv)),
    env: {
      IDENTITY_URL: first.identity.url,
      INTERNAL_API_TOKEN: first.internalApiToken,
      ACCOUNT_STATUS_CACHE_SECONDS: '1',
      MONGO_DB: first.database,
      EVENT_QUEUE_SUFFIX: first.queueSuffix,
    },
  });
}, 60_000);

afterAll(async () => {
  await second?.stop({ keepDatabase: true });
  await first?.stopAll();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

it('takes at one instance the uploads the other signed, and still refuses a key no instance handed out', async () => {
  const { providerId, token } = await signUpProvider(first.url);
  await request(second.url)
    .put(`/provider-info/${providerId}/qualifications`)
    .set(bearer(token))
    .send({ specialties: ['Nutrition'], stateLicenses: [{ state: 'TX', deaNumber: 'AB1234563', licenseNumber: 'TX-7' }] })
    .expect(200);
  await request(second.url)
    .put(`/provider-info/${providerId}/images`)
    .set(bearer(token))
    .send({
      headshotUrl: `uploads/${providerId}/${randomUUID()}.jpg`,
      galleryUrl: `uploads/${providerId}/${randomUUID()}.png`,
      practiceDescription: 'Care in Austin.',
    })
    .expect(400);

  const headshotUrl = await upload(first.url, token, await jpegImage(), 'me.jpg', 'image/jpeg');
  const galleryUrl = await upload(first.url, token, await pngImage(), 'office.png', 'image/png');
  const saved = await request(second.url)
    .put(`/provider-info/${providerId}/images`)
    .set(bearer(token))
    .send({ headshotUrl, galleryUrl, practiceDescription: 'Care in Austin.' })
    .expect(200);
  const provider = (saved.body as { provider: Provider }).provider;
  expect(provider.headshotUrl).toMatch(/^https?:\/\//);
  expect(provider.galleryUrl).toMatch(/^https?:\/\//);

  // The first instance reads what the second saved.
  const read = await request(first.url).get(`/provider-info/${providerId}`).set(bearer(token)).expect(200);
  expect((read.body as { provider: Provider }).provider.practiceDescription).toBe('Care in Austin.');
});
