import request from 'supertest';
import { GENERATED_MEMBER_PASSWORD, generatedMemberEmail, generatedMemberId } from '@altmed/service-kit';
import type { AdminMembersResponse } from '@altmed/contracts';
import { eventually, testEventsExchange, withDatabase } from '@altmed/local-stack/src/testing';
import { authBody, startTestIdentity, type TestIdentity } from '../test/test-service';
import { seedMembersCommand } from './seed-members';

const ADMIN = { ADMIN_EMAIL: 'admin@seed.example.com', ADMIN_PASSWORD: 'a-long-admin-password' };
let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...ADMIN });
}, 60_000);
afterAll(() => identity.stop());

it('seeds generated members who log in, two in three with an active membership, and again without duplicates', async () => {
  const env = { ...process.env, MONGO_DB: identity.database, EVENTS_EXCHANGE: testEventsExchange() };
  await seedMembersCommand(['--members', '6'], env, () => undefined);
  await seedMembersCommand(['--members', '6'], env, () => undefined);
  const members = await withDatabase(identity.database, (db) => db.collection('users').countDocuments({ email: /@seed\.altmed\.local$/ }));
  expect(members).toBe(6);

  const login = await request(identity.url)
    .post('/users/login')
    .send({ email: generatedMemberEmail(0), password: GENERATED_MEMBER_PASSWORD })
    .expect(200);
  expect(authBody(login).user).toMatchObject({ id: generatedMemberId(0), role: 'user', membership: { status: 'active' } });
  const unpaid = await request(identity.url)
    .post('/users/login')
    .send({ email: generatedMemberEmail(2), password: GENERATED_MEMBER_PASSWORD })
    .expect(200);
  expect(authBody(unpaid).user.membership.status).toBe('none');

  // The running instance was told (member.changed): its admin member list holds them.
  const { token } = authBody(await request(identity.url).post('/users/login').send({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }).expect(200));
  const listed = async () =>
    (
      (await request(identity.url).get('/members').query({ search: '@seed.altmed.local' }).set('authorization', `Bearer ${token}`).expect(200))
        .body as AdminMembersResponse
    ).counts;
  await eventually(async () => (await listed()).all === 6, 20_000, 'the seeded members did not reach the member list');
  expect(await listed()).toEqual({ all: 6, active: 4, none: 2, expired: 0 });

  await expect(seedMembersCommand(['--members', '0'], env, () => undefined)).rejects.toThrow('--members must be a whole number');
}, 60_000);
