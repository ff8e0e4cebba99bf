import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { createTokenVerifier, jwksKeySource } from './auth';

const keyPair = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });

describe('token verification against a JWKS', () => {
  const signing = keyPair();
  let jwksRequests = 0;
  const server = http.createServer((_req, res) => {
    jwksRequests += 1;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ keys: [{ ...signing.publicKey.export({ format: 'jwk' }), kid: 'key-1', alg: 'ES256' }] }));
  });
  let verifier: ReturnType<typeof createTokenVerifier>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    verifier = createTokenVerifier({ keySource: jwksKeySource(`http://127.0.0.1:${port}/jwks`), issuer: 'iss', audience: 'aud' });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const claims = { role: 'user', name: 'Ada', email: 'ada@example.com' };
  const sign = (options: jwt.SignOptions, key: jwt.Secret = signing.privateKey) =>
    jwt.sign(claims, key, { algorithm: 'ES256', keyid: 'key-1', subject: 'u1', issuer: 'iss', audience: 'aud', expiresIn: 60, ...options });

  it('accepts a token signed by the published key and fetches the JWKS once', async () => {
    await expect(verifier.verify(sign({}))).resolves.toMatchObject({ sub: 'u1', role: 'user' });
    await verifier.verify(sign({}));
    expect(jwksRequests).toBe(1);
  });

  it('refuses the wrong issuer, audience, key, algorithm, or an expired token', async () => {
    const refused = [
      sign({ issuer: 'other' }),
      sign({ audience: 'other' }),
      sign({}, keyPair().privateKey),
      sign({ expiresIn: -10 }),
      jwt.sign(claims, 'secret', { algorithm: 'HS256', keyid: 'key-1', subject: 'u1', issuer: 'iss', audience: 'aud' }),
      sign({ keyid: 'unknown-key' }),
    ];
    for (const token of refused) await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a token whose claims do not carry a known role', async () => {
    const token = jwt.sign({ ...claims, role: 'superuser' }, signing.privateKey, { algorithm: 'ES256', keyid: 'key-1', subject: 'u1', issuer: 'iss', audience: 'aud' });
    await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401 });
  });
});

it('answers 503, not 401, while the JWKS cannot be fetched, and recovers', async () => {
  const signing = keyPair();
  let up = false;
  const server = http.createServer((_req, res) => {
    if (!up) {
      res.statusCode = 502;
      return res.end();
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ keys: [{ ...signing.publicKey.export({ format: 'jwk' }), kid: 'k', alg: 'ES256' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const verifier = createTokenVerifier({ keySource: jwksKeySource(`http://127.0.0.1:${port}/jwks`), issuer: 'iss', audience: 'aud' });
    const token = jwt.sign({ role: 'user', name: 'Ada', email: 'ada@example.com' }, signing.privateKey, {
      algorithm: 'ES256', keyid: 'k', subject: 'u1', issuer: 'iss', audience: 'aud', expiresIn: 60,
    });
    await expect(verifier.verify(token)).rejects.toMatchObject({ status: 503, message: 'Service unavailable' });
    up = true;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expect(verifier.verify(token)).resolves.toMatchObject({ sub: 'u1' });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
