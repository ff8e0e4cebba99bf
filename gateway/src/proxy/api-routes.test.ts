import http from 'node:http';
import request from 'supertest';
import { API_ACCESS } from '@altmed/contracts';
import { startTestGateway, tempFolder, type TestGateway } from '../test/test-gateway';
import { deadUrl, startDroppingUpstream, startSilentUpstream, startUpstream, type EchoedRequest, type TestUpstream } from '../test/upstream';

/** What the test upstreams answer: the request they received. */
const echoed = (response: request.Response) => response.body as EchoedRequest;

let upstreams: Record<'identity' | 'providers' | 'billing' | 'notify', TestUpstream>;
let site: TestGateway;

beforeAll(async () => {
  const [identity, providers, billing, notify] = await Promise.all(['identity', 'providers', 'billing', 'notify'].map(startUpstream));
  upstreams = { identity: identity!, providers: providers!, billing: billing!, notify: notify! };
  site = await startTestGateway({
    IDENTITY_URL: upstreams.identity.url,
    PROVIDERS_URL: upstreams.providers.url,
    BILLING_URL: upstreams.billing.url,
    NOTIFY_URL: upstreams.notify.url,
  });
});

afterAll(async () => {
  await site.stop();
  await Promise.all(Object.values(upstreams).map((upstream) => upstream.stop()));
});

describe('routing', () => {
  it.each([
    ['/api/users/login', 'identity', '/users/login'],
    ['/api/users', 'identity', '/users'],
    ['/api/provider-info/abc/reviews?page=1&limit=50', 'providers', '/provider-info/abc/reviews?page=1&limit=50'],
    ['/api/admins/providers?status=pending', 'providers', '/admins/providers?status=pending'],
    ['/api/signature', 'providers', '/signature'],
    ['/api/provider-info/abc/images', 'providers', '/provider-info/abc/images'],
    ['/api/email/send-provider-welcome-email', 'notify', '/email/send-provider-welcome-email'],
    ['/api/payments/create-payment-intent', 'billing', '/payments/create-payment-intent'],
    ['/api/promo-codes/list', 'billing', '/promo-codes/list'],
    ['/api/email/send-subscription-email', 'notify', '/email/send-subscription-email'],
    ['/api/directory/providers?areas=Nutrition&sort=name', 'providers', '/directory/providers?areas=Nutrition&sort=name'],
    ['/api/saved-providers/abc', 'providers', '/saved-providers/abc'],
  ])('sends %s to %s as %s', async (path, service, upstreamPath) => {
    const response = await request(site.url).get(path).expect(200);
    expect(response.body).toMatchObject({ service, method: 'GET', url: upstreamPath });
  });

  it.each(API_ACCESS.filter((route) => route.outcomes).map((route) => [route.method, route.path, route.service] as const))(
    'reaches the owner of every route of the access map it exposes: %s %s → %s',
    async (method, path, service) => {
      const response = await request(site.url)[method.toLowerCase() as 'get'](`/api${path}`).expect(200);
      expect(response.body).toMatchObject({ service, url: path });
    },
  );

  it.each(['/api/internal/provider-accounts/abc', '/api/.well-known/jwks.json', '/api/metrics', '/api/healthz', '/api/openapi.json'])(
    'never exposes %s',
    async (path) => {
      await request(site.url).get(path).expect(404, { message: 'Not found' });
    },
  );

  it('streams a request body through unchanged', async () => {
    const body = JSON.stringify({ email: 'ada@example.com', password: 'correct horse' });
    const response = await request(site.url).post('/api/users/signup').set('content-type', 'application/json').send(body).expect(200);
    expect(response.body).toMatchObject({ service: 'identity', method: 'POST', url: '/users/signup', body });
    expect(echoed(response).headers['content-type']).toBe('application/json');
  });

  it('passes a Stripe webhook to billing byte for byte, with its signature header', async () => {
    // Stripe signs the exact bytes: spacing, key order and escapes must survive the hop.
    const body = '{\n  "id": "evt_1",  "type":"payment_intent.succeeded", "data": {"object": {"id": "pi_1", "note": "caf\\u00e9"}}\n}';
    const response = await request(site.url)
      .post('/api/payments/webhook')
      .set('content-type', 'application/json; charset=utf-8')
      .set('stripe-signature', 't=1,v1=abc')
      .send(body)
      .expect(200);
    expect(response.body).toMatchObject({ service: 'billing', method: 'POST', url: '/payments/webhook', body });
    expect(echoed(response).headers['stripe-signature']).toBe('t=1,v1=abc');
  });

  it('refuses a body over 1 MB with 413 { message }, without reaching the service', async () => {
    const response = await request(site.url)
      .post('/api/users/signup')
      .set('content-type', 'application/json')
      .send(`"${'x'.repeat(1024 * 1024)}"`)
      .expect(413);
    expect(response.body).toEqual({ message: 'Request body is too large' });
  });

  it('keeps connections to a service open between requests', async () => {
    const first = await request(site.url).get('/api/promo-codes/list').expect(200);
    const second = await request(site.url).get('/api/promo-codes/list').expect(200);
    expect(echoed(second).remotePort).toBe(echoed(first).remotePort);
  });

  it.each(['/api/unknown', '/api/usersx/login', '/api/constructor', '/api', '/api/', '/api/internal/provider-accounts/p1'])(
    'answers 404 { message } for %s',
    async (path) => {
      const response = await request(site.url).get(path).expect(404);
      expect(response.body).toEqual({ message: 'Not found' });
    },
  );
});

describe('forwarded headers', () => {
  it('replaces the x-request-id a client sends with one of its own, and answers that', async () => {
    for (const sent of ['req-1234.abc', 'bad id <script>']) {
      const response = await request(site.url).get('/api/users/me').set('x-request-id', sent).expect(200);
      const forwarded = echoed(response).headers['x-request-id'];
      expect(forwarded).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers['x-request-id']).toBe(forwarded);
    }
  });

  it('keeps the well-formed x-request-id of the proxy REQUEST_ID_PROXY names, and only that', async () => {
    const behindProxy = await startTestGateway({ IDENTITY_URL: upstreams.identity.url, REQUEST_ID_PROXY: 'loopback' });
    const elsewhere = await startTestGateway({ IDENTITY_URL: upstreams.identity.url, REQUEST_ID_PROXY: '10.0.0.0/8, uniquelocal' });
    try {
      const kept = await request(behindProxy.url).get('/api/users/me').set('x-request-id', 'proxy-1234.abc').expect(200);
      expect(echoed(kept).headers['x-request-id']).toBe('proxy-1234.abc');
      expect(kept.headers['x-request-id']).toBe('proxy-1234.abc');
      const malformed = await request(behindProxy.url).get('/api/users/me').set('x-request-id', 'bad id <script>').expect(200);
      expect(echoed(malformed).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      // This test's requests come from loopback, not from the proxy named.
      const notTheProxy = await request(elsewhere.url).get('/api/users/me').set('x-request-id', 'proxy-1234.abc').expect(200);
      expect(echoed(notTheProxy).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await behindProxy.stop();
      await elsewhere.stop();
    }
  });

  it('passes end-to-end headers and drops the ones about the client’s connection', async () => {
    const response = await request(site.url)
      .get('/api/users/me')
      .set('authorization', 'Bearer abc')
      .set('connection', 'keep-alive, x-client-hop')
      .set('x-client-hop', 'secret')
      .set('proxy-authorization', 'Basic xyz')
      .expect(200);
    expect(echoed(response).headers).toMatchObject({ authorization: 'Bearer abc', 'x-forwarded-proto': 'http' });
    expect(echoed(response).headers['x-client-hop']).toBeUndefined();
    expect(echoed(response).headers['proxy-authorization']).toBeUndefined();
  });

  it("never passes a client's own trace context on to a service", async () => {
    const response = await request(site.url)
      .get('/api/users/me')
      .set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')
      .set('tracestate', 'vendor=chosen-by-the-client')
      .expect(200);
    expect(echoed(response).headers.traceparent).toBeUndefined();
    expect(echoed(response).headers.tracestate).toBeUndefined();
  });

  it('adds X-Forwarded-For', async () => {
    const response = await request(site.url).get('/api/users/me').expect(200);
    expect(echoed(response).headers['x-forwarded-for']).toMatch(/127\.0\.0\.1/);
  });

  it("replaces a client's own X-Forwarded-For, so no one picks the address services rate-limit on", async () => {
    const response = await request(site.url).get('/api/users/login').set('X-Forwarded-For', '6.6.6.6, 7.7.7.7').expect(200);
    expect(echoed(response).headers['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('does the same for a request that asks for 100 Continue, and sends its body', async () => {
    const body = JSON.stringify({ email: 'ada@example.com' });
    const answer = await new Promise<EchoedRequest>((resolve, reject) => {
      const sent = http.request(`${site.url}/api/users/login`, {
        method: 'POST',
        headers: {
          expect: '100-continue',
          'content-type': 'application/json',
          'content-length': String(body.length),
          'x-forwarded-for': '6.6.6.6',
          'x-request-id': 'not a request id!',
        },
      });
      sent.on('continue', () => sent.end(body));
      sent.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(JSON.parse(text) as EchoedRequest));
      });
      sent.on('error', reject);
    });
    expect(answer.headers['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(answer.headers['x-request-id']).not.toBe('not a request id!');
    expect(answer.headers.expect).toBeUndefined();
    expect(JSON.parse(answer.body)).toEqual({ email: 'ada@example.com' });
  });
});

it('compresses a large JSON answer with gzip', async () => {
  const response = await request(site.url).get('/api/provider-info/big').set('accept-encoding', 'gzip').expect(200);
  expect(response.headers['content-encoding']).toBe('gzip');
  expect((response.body as { items: unknown[] }).items).toHaveLength(2_000);
});

describe('when a service closes a kept-alive connection as a request goes out on it (it is stopping)', () => {
  it('sends an idempotent request again, body and all, on a new connection', async () => {
    const stopping = await startDroppingUpstream('reused');
    const gateway = await startTestGateway({ PROVIDERS_URL: stopping.url });
    try {
      await request(gateway.url).put('/api/provider-info/p1').set('content-type', 'application/json').send('{"city":"FIRST"}').expect(200);
      // The next request goes out on the same connection, which the upstream drops unanswered.
      const response = await request(gateway.url).put('/api/provider-info/p1').set('content-type', 'application/json').send('{"city":"SECOND"}').expect(200);
      expect(response.body).toEqual({ body: '{"city":"SECOND"}', count: 1 });
      expect(stopping.requests).toEqual(['{"city":"FIRST"}', '{"city":"SECOND"}', '{"city":"SECOND"}']);
    } finally {
      await gateway.stop();
      await stopping.stop();
    }
  });

  it('sends each POST on a connection of its own, so none is caught by a closing one or sent twice', async () => {
    const stopping = await startDroppingUpstream('reused');
    const gateway = await startTestGateway({ BILLING_URL: stopping.url });
    try {
      for (const code of ['FIRST', 'SECOND', 'THIRD']) {
        const response = await request(gateway.url)
          .post('/api/promo-codes/validate')
          .set('content-type', 'application/json')
          .send(`{"code":"${code}"}`)
          .expect(200);
        expect(response.body).toEqual({ body: `{"code":"${code}"}`, count: 1 });
      }
      expect(stopping.requests).toEqual(['{"code":"FIRST"}', '{"code":"SECOND"}', '{"code":"THIRD"}']);
    } finally {
      await gateway.stop();
      await stopping.stop();
    }
  });

  it('does not send again a request that failed on a new connection: 503', async () => {
    const crashing = await startDroppingUpstream('all');
    const gateway = await startTestGateway({ BILLING_URL: crashing.url });
    try {
      const response = await request(gateway.url).post('/api/promo-codes/validate').set('content-type', 'application/json').send('{"code":"ONCE"}').expect(503);
      expect(response.body).toEqual({ message: 'Service unavailable' });
      expect(crashing.requests).toEqual(['{"code":"ONCE"}']);
    } finally {
      await gateway.stop();
      await crashing.stop();
    }
  });
});

describe('when a service is down', () => {
  it('answers 503 { message } with Retry-After for that service’s routes only; other services and pages keep working', async () => {
    const down = await startTestGateway({
      IDENTITY_URL: upstreams.identity.url,
      PROVIDERS_URL: upstreams.providers.url,
      BILLING_URL: await deadUrl(),
      NOTIFY_URL: upstreams.notify.url,
      SHELL_DIST: tempFolder({ 'index.html': '<!doctype html><title>AltMed</title>' }),
    });
    try {
      for (const path of ['/api/payments/confirm-payment', '/api/promo-codes/apply']) {
        const response = await request(down.url).post(path).send({ paymentMethodId: 'pm_1' }).expect(503);
        expect(response.body).toEqual({ message: 'Service unavailable' });
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      await request(down.url).get('/api/users/me').expect(200);
      await request(down.url).get('/api/provider-info/abc').expect(200);
      const page = await request(down.url).get('/payment').expect(200);
      expect(page.text).toMatch(/<title>AltMed<\/title>/);
    } finally {
      await down.stop();
    }
  });

  it('answers 503 { message } when the service does not answer in time', async () => {
    const silent = await startSilentUpstream();
    const slow = await startTestGateway({ NOTIFY_URL: silent.url, PROXY_TIMEOUT_MS: '300' });
    try {
      const response = await request(slow.url).post('/api/email/send-subscription-email').send({ userId: 'u1' }).expect(503);
      expect(response.body).toEqual({ message: 'Service unavailable' });
    } finally {
      await slow.stop();
      await silent.stop();
    }
  });
});
