/**
 * @jest-environment node
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, apiRequest } from './apiRequest';

interface Seen {
  method?: string;
  url?: string;
  authorization?: string;
  contentType?: string;
  body: string;
}

let server: Server;
let baseUrl: string;
let seen: Seen;

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer((req, res) => void answer(req, res));
  async function answer(req: IncomingMessage, res: ServerResponse) {
    seen = {
      method: req.method,
      url: req.url,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: await readAll(req),
    };
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    switch (req.url) {
      case '/api/echo':
        return json(200, { ok: true, received: seen.body ? (JSON.parse(seen.body) as unknown) : null });
      case '/api/fail-with-message':
        return json(400, { message: 'Email already exists', errors: { email: 'taken' } });
      case '/api/fail-without-message':
        return json(500, { error: 'boom' });
      case '/api/fail-html':
        res.writeHead(502, { 'Content-Type': 'text/html' });
        return res.end('<html>Bad gateway</html>');
      case '/api/empty':
        res.writeHead(204);
        return res.end();
      default:
        return json(404, { message: 'Not found' });
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('apiRequest against a real HTTP server', () => {
  it('sends JSON and the bearer token, and returns the parsed body', async () => {
    const result = await apiRequest<{ ok: boolean; received: unknown }>('/echo', {
      method: 'POST',
      body: { code: 'SPRING', discountPercentage: 10 },
      token: 'secret-token',
      defaultError: 'Failed to create promo code',
      baseUrl,
    });
    expect(result).toEqual({ ok: true, received: { code: 'SPRING', discountPercentage: 10 } });
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/api/echo');
    expect(seen.authorization).toBe('Bearer secret-token');
    expect(seen.contentType).toBe('application/json');
  });

  it('sends no Authorization header when no token is supplied', async () => {
    await apiRequest('/echo', { defaultError: 'Failed to fetch provider', baseUrl });
    expect(seen.method).toBe('GET');
    expect(seen.authorization).toBeUndefined();
    expect(seen.contentType).toBeUndefined();
  });

  it("raises the server's message field when present, keeping status and body", async () => {
    const error = await apiRequest('/fail-with-message', { method: 'POST', body: {}, defaultError: 'Signup failed', baseUrl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Email already exists');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).data).toEqual({ message: 'Email already exists', errors: { email: 'taken' } });
  });

  it("raises the caller's default when the server sends no message", async () => {
    await expect(apiRequest('/fail-without-message', { defaultError: 'Failed to fetch providers', baseUrl })).rejects.toThrow('Failed to fetch providers');
    await expect(apiRequest('/fail-html', { defaultError: 'Login failed', baseUrl })).rejects.toMatchObject({
      message: 'Login failed',
      status: 502,
    });
  });

  it('resolves undefined for an empty response', async () => {
    await expect(apiRequest('/empty', { method: 'DELETE', defaultError: 'x', baseUrl })).resolves.toBeUndefined();
  });

  it('raises the default with status 0 when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(apiRequest('/anything', { defaultError: 'Failed to fetch promo codes', baseUrl: `http://127.0.0.1:${port}/api` })).rejects.toMatchObject({
      message: 'Failed to fetch promo codes',
      status: 0,
    });
  });
});
