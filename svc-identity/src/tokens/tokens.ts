import jwt from 'jsonwebtoken';
import type { AccessTokenClaims } from '@altmed/contracts';
import { TOKEN_ALGORITHM, createTokenVerifier, staticKeySource, type AccountStatusSource, type TokenVerifier } from '@altmed/service-kit';
import type { SigningKey } from './signing-key';

export interface TokenSettings {
  key: SigningKey;
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export function issueAccessToken(settings: TokenSettings, claims: AccessTokenClaims): Promise<string> {
  const { sub, ...rest } = claims;
  return new Promise((resolve, reject) =>
    jwt.sign(
      rest,
      settings.key.privateKey,
      {
        algorithm: TOKEN_ALGORITHM,
        keyid: settings.key.kid,
        header: { alg: TOKEN_ALGORITHM, typ: 'JWT' },
        subject: sub,
        issuer: settings.issuer,
        audience: settings.audience,
        expiresIn: settings.ttlSeconds,
      },
      (err, token) => (err || !token ? reject(err ?? new Error('no token signed')) : resolve(token)),
    ),
  );
}

/** The identity service checks its own tokens with its own key, without a JWKS round trip, and account status in its own database. */
export function localTokenVerifier(settings: TokenSettings, accountStatus: AccountStatusSource): TokenVerifier {
  const { key, issuer, audience } = settings;
  return createTokenVerifier({ issuer, audience, keySource: staticKeySource(key.kid, key.publicKey), accountStatus });
}
