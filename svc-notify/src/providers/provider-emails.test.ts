import { randomBytes, randomUUID, generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import {
  deliveriesDone,
  emailsTo,
  listEmails,
  type ServiceProcess,
  startServiceProcess,
  waitForDeliveriesDone,
  waitForEmailsTo,
} from '@altmed/local-stack/src/testing';
import { TestPublisher, providerRegisteredEvent, startTestNotify, type TestNotify } from '../test/test-service';

const adminInbox = `admins.${randomUUID().slice(0, 8)}@example.com`;
const internalApiToken = randomBytes(32).toString('hex');

let publisher: TestPublisher;
let identity: ServiceProcess;
let notify: TestNotify;
beforeAll(async () => {
  publisher = await TestPublisher.open();
  identity = await startServiceProcess('svc-identity', {
    JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    INTERNAL_API_TOKEN: internalApiToken,
  });
  notify = await startTestNotify({ ADMIN_NOTIFY_EMAIL: adminInbox, IDENTITY_URL: identity.url });
}, 60_000);
afterAll(async () => {
  await notify.stop();
  await identity.stop();
  await publisher.close();
});

const dataOf = (event: { data: unknown }) => event.data as { providerId: string; email: string };
const done = () => deliveriesDone(notify, notify.queues.providerRegistered, 'provider.registered');
const waitForDone = (count: number) => waitForDeliveriesDone(notify, notify.queues.providerRegistered, 'provider.registered', count);

/** A provider login made as svc-providers makes it: its token. */
async function providerLogin(providerId: string, email: string): Promise<string> {
  const response = await request(identity.url)
    .put(`/internal/provider-accounts/${providerId}`)
    .set('x-service-token', internalApiToken)
    .send({ name: 'Dr. Maya Patel', email, password: 'correct horse' })
    .expect(201);
  return (response.body as { token: string }).token;
}

describe('provider.registered', () => {
  it('sends the admin notification and the provider welcome email, each once, however often the event comes', async () => {
    const event = providerRegisteredEvent();
    const { providerId, email } = dataOf(event);
    const before = await done();
    await publisher.publish('provider.registered', event);
    await publisher.publish('provider.registered', event);

    const [welcome] = await waitForEmailsTo(email);
    const notifications = await waitForEmailsTo(adminInbox);
    await waitForDone(before + 2);
    const inbox = await listEmails();
    expect(emailsTo(inbox, email)).toHaveLength(1);
    const forThisProvider = emailsTo(inbox, adminInbox).filter((mail) => mail.text?.includes(providerId) || mail.html?.includes(email));
    expect(forThisProvider).toHaveLength(1);
    expect(notifications[0]!.subject).toBe('New provider sign-up: Dr. Maya <b>Patel</b>');
    expect(forThisProvider[0]!.html).not.toContain('<b>Patel');
    expect(forThisProvider[0]!.text).toContain('NPI Number: 1234567893');
    expect(welcome!.subject).toBe('Welcome to Altmed');
    expect(welcome!.text).toContain('/provider/profile');
  });
});

describe('the compatibility calls /email/provider-…', () => {
  it('need the provider’s own token', async () => {
    const providerId = randomUUID();
    const token = await providerLogin(providerId, `lee.${randomUUID().slice(0, 8)}@example.com`);
    await request(notify.url).post('/email/send-provider-welcome-email').send({ providerId }).expect(401);
    await request(notify.url).post('/email/send-provider-welcome-email').set('Authorization', `Bearer ${token}`).send({ providerId: randomUUID() }).expect(403);
    await request(notify.url)
      .post('/email/provider-signup-notification')
      .set('Authorization', `Bearer ${token}`)
      .send({ id: randomUUID(), name: 'Someone else' })
      .expect(403);
  });

  it('send each email once, and the event sends neither again', async () => {
    const event = providerRegisteredEvent();
    const { providerId, email } = dataOf(event);
    const token = await providerLogin(providerId, email);
    for (let call = 0; call < 2; call += 1) {
      await request(notify.url)
        .post('/email/send-provider-welcome-email')
        .set('Authorization', `Bearer ${token}`)
        .send({ providerId })
        .expect(200, { message: 'Notification sent' });
      await request(notify.url)
        .post('/email/provider-signup-notification')
        .set('Authorization', `Bearer ${token}`)
        .send({ id: providerId, name: 'Dr. Maya Patel', email, practiceName: 'Green Valley Wellness', npiNumber: '1234567893', specialties: ['Nutrition'] })
        .expect(200, { message: 'Notification sent' });
    }
    const before = await done();
    await publisher.publish('provider.registered', event);
    await waitForEmailsTo(email);
    await waitForDone(before + 1);
    const inbox = await listEmails();
    expect(emailsTo(inbox, email)).toHaveLength(1);
    expect(emailsTo(inbox, adminInbox).filter((mail) => mail.text?.includes(email))).toHaveLength(1);
  });
});
