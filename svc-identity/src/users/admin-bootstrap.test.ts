import mongoose from 'mongoose';
import request from 'supertest';
import { startTestIdentity } from '../test/test-service';

it('creates the configured administrator once and lets it log in', async () => {
  const env = { ADMIN_EMAIL: 'Admin@Example.com', ADMIN_PASSWORD: 'a-long-admin-password' };
  const first = await startTestIdentity(env);
  await first.stop();
  const second = await startTestIdentity({ ...env, MONGO_DB: first.database });
  try {
    const login = await request(second.url).post('/users/login').send({ email: 'admin@example.com', password: env.ADMIN_PASSWORD }).expect(200);
    expect(login.body.user).toMatchObject({ email: 'admin@example.com', role: 'admin', isAdmin: true });
    const connection = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: first.database }).asPromise();
    expect(await connection.collection('users').countDocuments({ role: 'admin' })).toBe(1);
    await connection.close();
  } finally {
    await second.stop();
  }
});
