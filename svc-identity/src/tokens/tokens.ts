import jwt from 'jsonwebtoken';
import type { AccessTokenClaims } from '@altmed/contracts';
import { TOKEN_ALGORITHM, createTokenVerifier, type TokenVerifier } from '@altmed/service-kit';
import type { SigningKey } from './signing-key';

export interface TokenSettings {
  key: SigningKey;
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export function issueAccessToken(settings: TokenSettings, claims: AccessTokenClaims): string {
  const { sub, ...rest } = claims;
  return jwt.sign(rest, settings.key.privateKey, {
    algorithm: TOKEN_ALGORITHM,
    keyid: settings.key.kid,
    subject: sub,
    issuer: settings.issuer,
    audience: settings.audience,
    expiresIn: settings.ttlSeconds,
  });
}

/** The identity service checks its own tokens with its own key, without a JWKS round trip. */
export function localTokenVerifier(settings: TokenSettings): TokenVerifier {
  const { key, issuer, audience } = settings;
  return createTokenVerifier({ issuer, audience, keySource: async (kid) => (kid === key.kid ? key.publicKey : undefined) });
}
