import { createHash, createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { TOKEN_ALGORITHM } from '@altmed/service-kit';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JsonWebKey & { kid: string; alg: string; use: string };
}

/** Loads the P-256 private key (PEM) and derives its public JWK; the key id is the RFC 7638 thumbprint. */
export function loadSigningKey(source: { pem?: string; file?: string }): SigningKey {
  const pem = source.pem ?? readFileSync(source.file ?? '', 'utf8');
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('JWT private key must be an EC P-256 key (ES256)');
  }
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' });
  const thumbprintInput = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  const kid = createHash('sha256').update(thumbprintInput).digest('base64url');
  return { kid, privateKey, publicKey, publicJwk: { ...jwk, kid, alg: TOKEN_ALGORITHM, use: 'sig' } };
}
