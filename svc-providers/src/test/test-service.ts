import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import request from 'supertest';
import sharp from 'sharp';
import type { AuthResponse, EventEnvelope, ProviderSignupResponse } from '@altmed/contracts';
import type { RunningService } from '@altmed/service-kit';
import {
  eventually,
  startServiceProcess,
  startServiceUnderTest,
  testEventsExchange,
  type ServiceProcess,
  type ServiceUnderTest,
} from '@altmed/local-stack/src/testing';
import { loadProvidersConfig } from '../config';
import { startProvidersService } from '../service';

export interface TestProviders extends ServiceUnderTest<RunningService> {
  identity: ServiceProcess;
  internalApiToken: string;
  /** Stops both services. */
  stopAll: () => Promise<void>;
}

/**
 * A real svc-providers on a free port with its own database, and the real svc-identity it makes
 * logins in (its own process and database, a fresh signing key, the same service credential).
 */
export async function startTestProviders(env: Record<string, string | undefined> = {}, identityEnv: Record<string, string> = {}): Promise<TestProviders> {
  const internalApiToken = randomBytes(32).toString('hex');
  const jwtKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const identity = await startServiceProcess('svc-identity', {
    JWT_PRIVATE_KEY: jwtKey,
    INTERNAL_API_TOKEN: internalApiToken,
    ADMIN_EMAIL: 'admin@providers.test',
    ADMIN_PASSWORD: 'an-admin-password-for-tests',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    LOGIN_FAILURES_PER_ACCOUNT: '1000',
    ...identityEnv,
  });
  try {
    const providers = await startServiceUnderTest({
      databasePrefix: 'providers',
      start: (serviceEnv) => startProvidersService(loadProvidersConfig(serviceEnv)),
      env: { IDENTITY_URL: identity.url, INTERNAL_API_TOKEN: internalApiToken, ACCOUNT_STATUS_CACHE_SECONDS: '1', ...env },
    });
    return {
      ...providers,
      identity,
      internalApiToken,
      async stopAll() {
        await providers.stop();
        await identity.stop();
      },
    };
  } catch (err) {
    await identity.stop();
    throw err;
  }
}

/** NPI numbers that pass the check digit, different on every call. */
export function validNpi(): string {
  for (;;) {
    const first9 = String(100_000_000 + Math.floor(Math.random() * 900_000_000));
    for (let check = 0; check <= 9; check += 1) {
      const npi = `${first9}${check}`;
      if (luhnValid(`80840${npi}`)) return npi;
    }
  }
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const validStep1 = (overrides: Record<string, unknown> = {}) => ({
  practiceName: 'Green Valley Wellness',
  providerName: 'Dr. Maya Patel',
  email: `maya.${randomUUID().slice(0, 8)}@example.com`,
  password: 'correct horse',
  confirmPassword: 'correct horse',
  npiNumber: validNpi(),
  address: '12 Oak Street',
  suite: 'Suite 4',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  ...overrides,
});

export const signupBody = (response: { body: unknown }) => response.body as ProviderSignupResponse;

/** Step 1 through the API: the provider's id and token. */
export async function signUpProvider(url: string, overrides: Record<string, unknown> = {}) {
  const body = validStep1(overrides);
  const response = await request(url).post('/provider-info').send(body).expect(201);
  const { providerId, token } = signupBody(response);
  return { providerId, token, email: body.email, password: body.password, body };
}

/** Logs in at identity: an admin's or a member's token. */
export async function logIn(identityUrl: string, email: string, password: string): Promise<string> {
  const response = await request(identityUrl).post('/users/login').send({ email, password }).expect(200);
  return (response.body as { token: string }).token;
}

async function signUpMember(identityUrl: string, name: string): Promise<AuthResponse> {
  const response = await request(identityUrl)
    .post('/users/signup')
    .send({
      name,
      email: `member.${randomUUID().slice(0, 8)}@example.com`,
      password: 'member password',
      contactInfo: { phone: '555-123-4567', specialties: ['Nutrition'] },
    })
    .expect(201);
  return response.body as AuthResponse;
}

/** A member without a membership. */
export async function memberToken(identityUrl: string, name = 'Sam Member'): Promise<string> {
  return (await signUpMember(identityUrl, name)).token;
}

/**
 * A member who has paid: svc-billing's payment.succeeded, published to the test's events exchange,
 * makes identity activate the membership as it does after a real payment.
 */
export async function activeMember(identityUrl: string, name = 'Pat Paying'): Promise<AuthResponse> {
  const member = await signUpMember(identityUrl, name);
  await publishTestEvent('payment.succeeded', 'svc-billing', {
    paymentId: randomUUID(),
    userId: member.user.id,
    amount: 11988,
    currency: 'usd',
    promoCode: null,
    paymentIntentId: `pi_${randomUUID().replace(/-/g, '')}`,
    paidAt: new Date().toISOString(),
  });
  await eventually(async () => {
    const me = await request(identityUrl).get('/users/me').set('Authorization', `Bearer ${member.token}`);
    return (me.body as AuthResponse).user.membership.status === 'active';
  }, 20_000);
  return member;
}

/**
 * Tells the service's instances that these records changed (provider.changed on the test's events
 * exchange), as the seed does after writing records straight to the database.
 */
export function announceProviderChanges(providerIds: string[]): Promise<void> {
  return publishTestEvent('provider.changed', 'svc-providers', { providerIds });
}

/** Tells the service's instances that these reviews changed (review.changed), as the seed does after writing reviews straight to the database. */
export function announceReviewChanges(reviewIds: string[]): Promise<void> {
  return publishTestEvent('review.changed', 'svc-providers', { reviewIds });
}

/** Publishes an event (version 1) on the test's events exchange, as its source service would, and waits for the broker's confirm. */
async function publishTestEvent(type: string, source: string, data: Record<string, unknown>): Promise<void> {
  const event: EventEnvelope = { id: randomUUID(), type, version: 1, time: new Date().toISOString(), source, data };
  const connection = await connect(process.env.AMQP_URL!);
  try {
    const channel = await connection.createConfirmChannel();
    channel.publish(testEventsExchange(), event.type, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id });
    await channel.waitForConfirms();
  } finally {
    await connection.close();
  }
}

export const adminToken = (identityUrl: string) => logIn(identityUrl, 'admin@providers.test', 'an-admin-password-for-tests');

/** A real JPEG of the given size, with EXIF GPS position when asked. */
export function jpegImage({ width = 640, height = 480, gps = false }: { width?: number; height?: number; gps?: boolean } = {}): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 90 } } }).jpeg({ quality: 90 });
  return (gps ? image.withExif({ IFD0: { Make: 'TestCam', Model: 'GPS-1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1' } }) : image).toBuffer();
}

export function pngImage({ width = 400, height = 400 }: { width?: number; height?: number } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** Asks for a signature and POSTs the bytes to S3 as the browser would; answers the key. */
export async function upload(url: string, token: string, bytes: Buffer, fileName: string, fileType: 'image/jpeg' | 'image/png'): Promise<string> {
  const signature = await request(url).post('/signature').set('Authorization', `Bearer ${token}`).send({ fileName, fileType }).expect(200);
  const { presignedUrl, fields, key } = signature.body as { presignedUrl: string; fields: Record<string, string>; key: string };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: fileType }), fileName);
  const response = await fetch(presignedUrl, { method: 'POST', body: form });
  if (response.status >= 300) throw new Error(`S3 answered ${response.status}: ${await response.text()}`);
  return key;
}
