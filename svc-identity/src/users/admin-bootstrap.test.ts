import request from 'supertest';
import { authBody, startTestIdentity, validSignup } from '../test/test-service';

it('creates the configured administrator at start, once, and leaves an existing one alone', async () => {
  const first = await startTestIdentity({ ADMIN_EMAIL: 'Admin@Example.com', ADMIN_PASSWORD: 'a-long-admin-password' });
  const login = await request(first.url).post('/users/login').send({ email: 'admin@example.com', password: 'a-long-admin-password' }).expect(200);
  expect(authBody(login).user).toMatchObject({ email: 'admin@example.com', role: 'admin', isAdmin: true });
  await first.stop({ keepDatabase: true });

  const second = await startTestIdentity({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'another-long-password', MONGO_DB: first.database });
  try {
    const again = await request(second.url).post('/users/login').send({ email: 'admin@example.com', password: 'a-long-admin-password' }).expect(200);
    expect(authBody(again).user.id).toBe(authBody(login).user.id);
    await request(second.url).post('/users/login').send({ email: 'admin@example.com', password: 'another-long-password' }).expect(401);
  } finally {
    await second.stop();
  }
});

it('creates no administrator when a member already holds ADMIN_EMAIL', async () => {
  const member = await startTestIdentity();
  await request(member.url)
    .post('/users/signup')
    .send(validSignup({ email: 'taken@example.com' }))
    .expect(201);
  await member.stop({ keepDatabase: true });

  const restarted = await startTestIdentity({ ADMIN_EMAIL: 'taken@example.com', ADMIN_PASSWORD: 'a-long-admin-password', MONGO_DB: member.database });
  try {
    await request(restarted.url).post('/users/login').send({ email: 'taken@example.com', password: 'a-long-admin-password' }).expect(401);
    const login = await request(restarted.url).post('/users/login').send({ email: 'taken@example.com', password: 'correct horse' }).expect(200);
    expect(authBody(login).user).toMatchObject({ role: 'user', isAdmin: false });
  } finally {
    await restarted.stop();
  }
});

it('creates the configured administrator only while the site has none', async () => {
  const first = await startTestIdentity({ ADMIN_EMAIL: 'first@bootstrap.example.com', ADMIN_PASSWORD: 'a-long-admin-password' });
  await first.stop({ keepDatabase: true });
  // Another ADMIN_EMAIL later (or this one after Admin Settings removed it): the site keeps the administrators it has.
  const restarted = await startTestIdentity({ ADMIN_EMAIL: 'second@bootstrap.example.com', ADMIN_PASSWORD: 'a-long-admin-password', MONGO_DB: first.database });
  try {
    await request(restarted.url).post('/users/login').send({ email: 'second@bootstrap.example.com', password: 'a-long-admin-password' }).expect(401);
    await request(restarted.url).post('/users/login').send({ email: 'first@bootstrap.example.com', password: 'a-long-admin-password' }).expect(200);
  } finally {
    await restarted.stop();
  }
});
