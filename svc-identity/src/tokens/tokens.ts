import { SignJWT } from 'jose';
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
  const issuedAt = Math.floor(Date.now() / 1000);
  return new SignJWT(rest)
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: settings.key.kid, typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + settings.ttlSeconds)
    .sign(settings.key.privateKey);
}

/** The identity service checks its own tokens with its own key, without a JWKS round trip, and account status in its own database. */
export function localTokenVerifier(settings: TokenSettings, accountStatus: AccountStatusSource): TokenVerifier {
  const { key, issuer, audience } = settings;
  return createTokenVerifier({ issuer, audience, keySource: staticKeySource(key.kid, key.publicKey), accountStatus });
}
