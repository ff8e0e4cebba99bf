import { z } from 'zod';
import request from 'supertest';
import { badRequest, createHttpApp, createLogger, finishHttpApp, forbidden, parseInput } from './index';

function testApp(ready = true) {
  const app = createHttpApp({ logger: createLogger('test', 'silent'), trustProxy: 'loopback', bodyLimit: '1kb', readiness: async () => ({ database: ready, broker: true }) });
  app.post('/echo', (req, res) => {
    res.json(parseInput(z.object({ name: z.string({ error: 'Name is required' }) }).strict(), req.body));
  });
  app.get('/app-error', () => {
    throw badRequest('Bad thing');
  });
  app.get('/forbidden', async () => {
    throw forbidden();
  });
  app.get('/crash', () => {
    throw new Error('secret internals');
  });
  return finishHttpApp(app);
}

describe('the shared HTTP app', () => {
  it('answers every failure as { message } with the right status', async () => {
    const app = testApp();
    await request(app).get('/app-error').expect(400, { message: 'Bad thing' });
    await request(app).get('/forbidden').expect(403, { message: 'You do not have permission to do this' });
    await request(app).get('/crash').expect(500, { message: 'Something went wrong' });
    await request(app).get('/nowhere').expect(404, { message: 'Not found' });
    await request(app).post('/echo').send({ name: 7 }).expect(400, { message: 'Name is required' });
    await request(app).post('/echo').send({ name: 'a', admin: true }).expect(400, { message: 'Unknown field: admin' });
    await request(app).post('/echo').set('Content-Type', 'application/json').send('{').expect(400, { message: 'Request body is not valid JSON' });
    await request(app).post('/echo').send({ name: 'x'.repeat(2_000) }).expect(413, { message: 'Request body is too large' });
    await request(app).post('/echo').send({ name: 'Ada' }).expect(200, { name: 'Ada' });
  });

  it('keeps a well-formed request id and replaces a hostile one', async () => {
    const app = testApp();
    const kept = await request(app).get('/healthz').set('x-request-id', 'abc-123').expect(200);
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await request(app).get('/healthz').set('x-request-id', 'evil\\nheader injection').expect(200);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports readiness from its checks', async () => {
    await request(testApp(true)).get('/readyz').expect(200);
    const notReady = await request(testApp(false)).get('/readyz').expect(503);
    expect((notReady.body as { checks: unknown }).checks).toEqual({ database: false, broker: true });
  });

  it('sets security headers', async () => {
    const response = await request(testApp()).get('/healthz');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
