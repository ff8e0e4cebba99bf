import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import request from 'supertest';
import { createLogger } from '@altmed/service-kit';
import { identityAccounts } from '../accounts/identity-accounts';
import type { UploadStorage } from '../uploads/storage';
import { providerModel } from './provider.model';
import type { ProvidersDeps } from './providers.domain';
import { sweepUnfinishedSignups } from './signup.domain';
import { startTestProviders, validStep1, type TestProviders } from '../test/test-service';

let site: TestProviders;
let connection: mongoose.Connection;
let deps: ProvidersDeps;
beforeAll(async () => {
  site = await startTestProviders();
  connection = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: site.database }).asPromise();
  deps = {
    providers: providerModel(connection),
    accounts: identityAccounts(site.identity.url, site.internalApiToken),
    storage: {} as UploadStorage,
    logger: createLogger('test', 'silent'),
    providerWritten: async () => undefined,
  };
}, 60_000);
afterAll(async () => {
  await connection.close();
  await site.stopAll();
});

it('removes a sign-up a crash left half done (record creating, login made), login first, and only once it is old', async () => {
  const providerId = randomUUID();
  const { password: _p, confirmPassword: _c, ...fields } = validStep1();
  await deps.providers.create({ _id: providerId, accountState: 'creating', ...fields });
  await deps.accounts.ensure(providerId, { name: fields.providerName, email: fields.email, password: 'correct horse' });

  expect(await sweepUnfinishedSignups(deps, 60_000)).toBe(0);
  await deps.providers.collection.updateOne({ _id: providerId as never }, { $set: { createdAt: new Date(Date.now() - 10 * 60_000) } });
  expect(await sweepUnfinishedSignups(deps, 60_000)).toBe(1);

  expect(await deps.providers.countDocuments({ _id: providerId })).toBe(0);
  await request(site.identity.url).post('/users/login').send({ email: fields.email, password: 'correct horse' }).expect(401);
  // The email and NPI are free again.
  await request(site.url)
    .post('/provider-info')
    .send({ ...fields, password: 'correct horse' })
    .expect(201);
});

it('never shows a record that is still being created', async () => {
  const providerId = randomUUID();
  const { password: _p, confirmPassword: _c, ...fields } = validStep1();
  await deps.providers.create({ _id: providerId, accountState: 'creating', ...fields, isApproved: true });
  const signup = await request(site.url).post('/provider-info').send(validStep1()).expect(201);
  await request(site.url)
    .get(`/provider-info/${providerId}`)
    .set('Authorization', `Bearer ${(signup.body as { token: string }).token}`)
    .expect(404, { message: 'Provider Not Found' });
});
