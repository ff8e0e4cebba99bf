import request from 'supertest';
import type { AdminMembersResponse } from '@altmed/contracts';
import { eventually, listenForEvents } from '@altmed/local-stack/src/testing';
import { authBody, startTestIdentity, testPrivateKeyPem, validSignup, waitForPublishedEventsReceived } from '../test/test-service';

/**
 * Two instances of svc-identity on one database and one signing key, as `deploy/k8s` runs them:
 * either one answers any request, and each event leaves once.
 */
it('publishes each sign-up’s event once and accepts either instance’s tokens at the other', async () => {
  const key = testPrivateKeyPem();
  const first = await startTestIdentity({ JWT_PRIVATE_KEY: key });
  const second = await startTestIdentity({ JWT_PRIVATE_KEY: key, MONGO_DB: first.database });
  const { received, close } = await listenForEvents<{ userId: string }>(['user.signed_up']);
  try {
    const instances = [first, second];
    const signups = await Promise.all(
      Array.from({ length: 20 }, async (_, index) =>
        authBody(
          await request(instances[index % 2]!.url)
            .post('/users/signup')
            .send(validSignup())
            .expect(201),
        ),
      ),
    );
    const ids = new Set(signups.map((signup) => signup.user.id));
    const ours = () => received.filter((event) => ids.has(event.data.userId));
    await eventually(() => ours().length >= 20, 30_000, 'not every sign-up’s event arrived');
    // Both relays run on the database: a second copy either relay published is here too.
    await waitForPublishedEventsReceived([first, second], 'user.signed_up', () => received.length);
    expect(ours()).toHaveLength(20);
    expect(new Set(ours().map((event) => event.id)).size).toBe(20);

    // A token one instance signed is good at the other (one key, its JWKS served by both).
    for (const [index, signup] of signups.slice(0, 4).entries()) {
      const other = instances[(index + 1) % 2]!;
      const me = await request(other.url).get('/users/me').set('authorization', `Bearer ${signup.token}`).expect(200);
      expect((me.body as { user: { id: string } }).user.id).toBe(signup.user.id);
    }
  } finally {
    await close();
    await second.stop({ keepDatabase: true });
    await first.stop();
  }
}, 90_000);

it('shows a block made at one instance in the other’s member list', async () => {
  const admin = { ADMIN_EMAIL: 'admin@two.example.com', ADMIN_PASSWORD: 'a-long-admin-password', JWT_PRIVATE_KEY: testPrivateKeyPem() };
  const first = await startTestIdentity(admin);
  const second = await startTestIdentity({ ...admin, MONGO_DB: first.database });
  try {
    const { token } = authBody(await request(first.url).post('/users/login').send({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }).expect(200));
    const member = authBody(await request(first.url).post('/users/signup').send(validSignup()).expect(201)).user;
    const statusAt = async (url: string) => {
      const response = await request(url).get('/members').query({ search: member.email }).set('authorization', `Bearer ${token}`).expect(200);
      return (response.body as AdminMembersResponse).members[0]?.status;
    };
    await eventually(async () => (await statusAt(second.url)) === 'active', 20_000, 'the sign-up did not reach the second instance’s list');
    await request(first.url).put(`/members/${member.id}/status`).send({ action: 'block' }).set('authorization', `Bearer ${token}`).expect(200);
    await eventually(async () => (await statusAt(second.url)) === 'blocked', 20_000, 'the block did not reach the second instance’s list');
  } finally {
    await second.stop({ keepDatabase: true });
    await first.stop();
  }
}, 60_000);
