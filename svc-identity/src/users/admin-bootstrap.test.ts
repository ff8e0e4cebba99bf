import request from 'supertest';
import { startTestIdentity } from '../test/test-service';

it('creates the configured administrator at start, once, and leaves an existing one alone', async () => {
  const first = await startTestIdentity({ ADMIN_EMAIL: 'Admin@Example.com', ADMIN_PASSWORD: 'a-long-admin-password' });
  const login = await request(first.url).post('/users/login').send({ email: 'admin@example.com', password: 'a-long-admin-password' }).expect(200);
  expect(login.body.user).toMatchObject({ email: 'admin@example.com', role: 'admin', isAdmin: true });
  await first.stop({ keepDatabase: true });

  const second = await startTestIdentity({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'another-long-password', MONGO_DB: first.database });
  try {
    const again = await request(second.url).post('/users/login').send({ email: 'admin@example.com', password: 'a-long-admin-password' }).expect(200);
    expect(again.body.user.id).toBe(login.body.user.id);
    await request(second.url).post('/users/login').send({ email: 'admin@example.com', password: 'another-long-password' }).expect(401);
  } finally {
    await second.stop();
  }
});
