import { generateKeyPairSync, randomUUID } from 'node:crypto';
import request from 'supertest';
import { parseEvent, type AuthResponse } from '@altmed/contracts';
import type { RunningService } from '@altmed/service-kit';
import { eventually, listenForEvents, startServiceUnderTest, waitForOutboxDrained, type ServiceUnderTest } from '@altmed/local-stack/src/testing';
import { loadIdentityConfig } from '../config';
import { membershipRefundQueue } from '../membership/payment-refunded.handler';
import { membershipQueue } from '../membership/payment-succeeded.handler';
import { startIdentityService } from '../service';

export const testPrivateKeyPem = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

export interface TestIdentity extends ServiceUnderTest<RunningService> {
  /** The queue of the consumer of payment.succeeded (membership). */
  membershipQueue: string;
  /** The queue of the consumer of payment.refunded (membership). */
  membershipRefundQueue: string;
}

/** A real svc-identity on a free port with its own database, a fresh signing key and no admin. */
export async function startTestIdentity(env: Record<string, string | undefined> = {}): Promise<TestIdentity> {
  const identity = await startServiceUnderTest({
    databasePrefix: 'identity',
    start: (serviceEnv) => startIdentityService(loadIdentityConfig(serviceEnv)),
    env: {
      JWT_PRIVATE_KEY: testPrivateKeyPem(),
      JWT_PRIVATE_KEY_FILE: undefined,
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
  });
  const queueSuffix = env.EVENT_QUEUE_SUFFIX ?? identity.queueSuffix;
  return { ...identity, membershipQueue: membershipQueue(queueSuffix), membershipRefundQueue: membershipRefundQueue(queueSuffix) };
}

/**
 * Waits until the instances' outboxes are drained and a test's listener has received every event
 * of `type` they published (`received`: how many it holds, of every publisher's). After it, an
 * event published twice would be in the listener's hands, not on its way. The listener's queue
 * must be bound before the instances publish anything of `type`.
 */
export async function waitForPublishedEventsReceived(
  instances: TestIdentity | TestIdentity[],
  type: string,
  received: () => number,
  timeoutMs = 20_000,
): Promise<void> {
  for (const instance of [instances].flat()) await waitForOutboxDrained(instance, timeoutMs);
  let published = 0;
  for (const instance of [instances].flat()) published += await instance.service.metrics.eventsPublished(type);
  await eventually(
    () => received() >= published,
    timeoutMs,
    `the listener did not receive the ${published} ${type} events published within ${timeoutMs / 1000} s`,
    50,
  );
}

export const validSignup = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: `ada.${randomUUID().slice(0, 8)}@example.com`,
  password: 'correct horse',
  contactInfo: { phone: '555-123-4567', address: '1 Main St', specialties: ['Nutrition', 'Vision'] },
  ...overrides,
});

/** The body of a sign-up or login answer (supertest leaves bodies untyped). */
export const authBody = (response: { body: unknown }) => response.body as AuthResponse;

/** A new administrator of `identity`: invited by the holder of `inviterToken`, admitted through the link its admin.invited event carries. */
export async function admitAdministrator(identity: TestIdentity, inviterToken: string): Promise<AuthResponse> {
  const email = `admitted.${randomUUID().slice(0, 8)}@example.com`;
  const invitations = await listenForEvents(['admin.invited']);
  try {
    const invitationsTo = () => invitations.received.map((event) => parseEvent('admin.invited', event).data).filter((invited) => invited.email === email);
    await request(identity.url).post('/administrators/invitations').set('authorization', `Bearer ${inviterToken}`).send({ email }).expect(201);
    await eventually(() => invitationsTo().length > 0, 20_000, `no invitation reached ${email}`);
    const accepted = await request(identity.url)
      .post('/administrators/invitations/accept')
      .send({ token: invitationsTo()[0]!.token, name: 'Admitted Admin', password: 'an admitted password' })
      .expect(201);
    return authBody(accepted);
  } finally {
    await invitations.close();
  }
}
