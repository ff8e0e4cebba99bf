import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The dev JWT signing key (ES256), generated once under <dataDir>/dev-keys. */
export function ensureDevJwtKey(dataDir: string): string {
  const keyDir = path.join(dataDir, 'dev-keys');
  const privateKeyFile = path.join(keyDir, 'jwt-private.pem');
  if (fs.existsSync(privateKeyFile)) return privateKeyFile;
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  fs.mkdirSync(keyDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(keyDir, 'jwt-public.pem'), publicKey);
  fs.writeFileSync(privateKeyFile, privateKey, { mode: 0o600 });
  return privateKeyFile;
}

/** The dev service credential shared by svc-identity and svc-providers (INTERNAL_API_TOKEN), generated once under <dataDir>/dev-keys. */
export function ensureDevInternalApiToken(dataDir: string): string {
  const keyDir = path.join(dataDir, 'dev-keys');
  const tokenFile = path.join(keyDir, 'internal-api-token');
  if (fs.existsSync(tokenFile)) return fs.readFileSync(tokenFile, 'utf8').trim();
  fs.mkdirSync(keyDir, { recursive: true, mode: 0o700 });
  const token = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
  return token;
}
