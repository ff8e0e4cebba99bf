import { Writable } from 'node:stream';
import { pino } from 'pino';
import { z } from 'zod';
import request from 'supertest';
import { badRequest, createHttpApp, createLogger, finishHttpApp, forbidden, parseInput } from './index';

function testApp(ready = true) {
  const app = createHttpApp({
    logger: createLogger('test', 'silent'),
    trustProxy: 'loopback',
    bodyLimit: '1kb',
    readiness: async () => ({ database: ready, broker: true }),
  });
  app.post('/echo', (req, res) => {
    res.json(parseInput(z.object({ name: z.string({ error: 'Name is required' }) }).strict(), req.body));
  });
  app.post('/raw', (req, res) => {
    res.json({ raw: req.rawBody?.toString('utf8') ?? null, parsed: req.body as unknown });
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
    await request(app)
      .post('/echo')
      .send({ name: 'x'.repeat(2_000) })
      .expect(413, { message: 'Request body is too large' });
    await request(app).post('/echo').send({ name: 'Ada' }).expect(200, { name: 'Ada' });
  });

  it('keeps the JSON body exactly as it arrived on req.rawBody, beside the parsed body', async () => {
    const sent = '{ "b":1,\n  "a" : "\u00e9" }';
    const response = await request(testApp()).post('/raw').set('Content-Type', 'application/json').send(sent).expect(200);
    expect(response.body).toEqual({ raw: sent, parsed: { b: 1, a: 'é' } });
  });

  it('answers 400 only for input validation: a ZodError from our own data is a logged 500', async () => {
    const logged: { level: number; msg: string; err?: { type?: string } }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString()) as (typeof logged)[number]);
        done();
      },
    });
    const app = createHttpApp({ logger: pino({ level: 'error' }, sink), trustProxy: 'loopback', bodyLimit: '1kb', readiness: async () => ({}) });
    const storedUser = z.object({ role: z.enum(['user', 'admin']) });
    app.get('/stored', () => {
      storedUser.parse({ role: 'superuser' });
    });
    app.post('/input', (req, res) => {
      res.json(parseInput(storedUser.strict(), req.body));
    });
    finishHttpApp(app);

    await request(app).post('/input').send({ role: 'superuser' }).expect(400);
    expect(logged.filter((line) => line.msg === 'request failed')).toHaveLength(0);
    await request(app).get('/stored').expect(500, { message: 'Something went wrong' });
    expect(logged.filter((line) => line.msg === 'request failed').map((line) => line.err?.type)).toEqual(['ZodError']);
  });

  it('writes one short access line per request: who asked what (no position), the answer, and no header', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = createHttpApp({ logger: pino({ level: 'info' }, sink), trustProxy: 'loopback', bodyLimit: '1kb', readiness: async () => ({}) });
    app.get('/crash', () => {
      throw new Error('secret internals');
    });
    finishHttpApp(app);

    await request(app)
      .get('/nowhere?page=2&lat=40.75&lng=-73.99')
      .set('authorization', 'Bearer secret-token')
      .set('cookie', 'session=secret-cookie')
      .set('x-request-id', 'req-1')
      .expect(404);
    await request(app).get('/crash').set('x-request-id', 'req-2').expect(500);
    await request(app).get('/healthz').expect(200);

    const accessLines = lines.filter((line) => line.res);
    expect(accessLines).toHaveLength(2);
    expect(accessLines[0]).toMatchObject({
      msg: 'request completed',
      req: { id: 'req-1', method: 'GET', url: '/nowhere?page=2&lat=-&lng=-', remoteAddress: expect.stringMatching(/127\.0\.0\.1/) as unknown },
      res: { statusCode: 404 },
      responseTime: expect.any(Number) as unknown,
    });
    expect(Object.keys(accessLines[0]!.req as object).sort()).toEqual(['id', 'method', 'remoteAddress', 'url']);
    expect(accessLines[0]!.res).toEqual({ statusCode: 404 });
    expect(accessLines[1]).toMatchObject({ level: 50, msg: 'request failed with status 500', req: { id: 'req-2' }, res: { statusCode: 500 } });
    expect(JSON.stringify(lines)).not.toMatch(/secret-token|secret-cookie|40\.75|73\.99/);
  });

  it('keeps a well-formed request id and replaces a hostile one', async () => {
    const app = testApp();
    const kept = await request(app).get('/healthz').set('x-request-id', 'abc-123').expect(200);
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await request(app).get('/healthz').set('x-request-id', 'evil\\nheader injection').expect(200);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends Cache-Control: no-store on every answer to a request with credentials, and only then', async () => {
    const app = testApp();
    for (const path of ['/healthz', '/forbidden', '/nowhere']) {
      expect((await request(app).get(path).set('authorization', 'Bearer abc')).headers['cache-control']).toBe('no-store');
      expect((await request(app).get(path)).headers['cache-control']).toBeUndefined();
    }
  });

  it('reports readiness from its checks', async () => {
    await request(testApp(true)).get('/readyz').expect(200);
    const notReady = await request(testApp(false)).get('/readyz').expect(503);
    expect((notReady.body as { checks: unknown }).checks).toEqual({ database: false, broker: true });
  });

  it('is degraded, not down, when only a check it can work without fails', async () => {
    const app = (database: boolean, broker: boolean) =>
      createHttpApp({
        logger: createLogger('test', 'silent'),
        trustProxy: false,
        bodyLimit: '1kb',
        readiness: async () => ({ database, broker }),
        optionalChecks: ['broker'],
      });
    await request(app(true, false))
      .get('/readyz')
      .expect(200, { status: 'degraded', checks: { database: true, broker: false } });
    await request(app(false, false))
      .get('/readyz')
      .expect(503, { status: 'not ready', checks: { database: false, broker: false } });
    await request(app(true, true))
      .get('/readyz')
      .expect(200, { status: 'ready', checks: { database: true, broker: true } });
  });

  it('sets security headers', async () => {
    const response = await request(testApp()).get('/healthz');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
