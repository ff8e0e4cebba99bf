import { CLIENT_ADDRESS_HEADER, SERVICE_TOKEN_HEADER, authResponseSchema, type AuthResponse, type ProviderAccountRequest } from '@altmed/contracts';

/** The email belongs to another account (identity answered 409). */
export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

/** Identity certainly did not make the change: it refused it, or the connection was refused before any request. */
export class IdentityRefusedError extends Error {
  override name = 'IdentityRefusedError';
}

/** Identity's per-address limit refused the client (429); `retryAfterSeconds` from its Retry-After. */
export class TooManyAttemptsError extends Error {
  override name = 'TooManyAttemptsError';
  constructor(readonly retryAfterSeconds: number) {
    super('too many attempts from this address');
  }
}

const connectionRefused = (err: unknown) => (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';

/** Provider logins, through svc-identity's internal routes with the shared service credential. */
export interface IdentityAccounts {
  /** Creates the provider's login, or answers the one already made for this provider id. */
  ensure: (providerId: string, account: ProviderAccountRequest, clientAddress?: string) => Promise<AuthResponse>;
  updateEmail: (providerId: string, email: string) => Promise<void>;
  /** Idempotent. */
  remove: (providerId: string) => Promise<void>;
}

export function identityAccounts(identityUrl: string, serviceToken: string, timeoutMs = 10_000): IdentityAccounts {
  const call = async (method: string, providerId: string, body?: unknown, clientAddress?: string): Promise<Response> => {
    const response = await fetch(new URL(`/internal/provider-accounts/${encodeURIComponent(providerId)}`, identityUrl), {
      method,
      headers: {
        [SERVICE_TOKEN_HEADER]: serviceToken,
        ...(clientAddress ? { [CLIENT_ADDRESS_HEADER]: clientAddress } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    }).catch((err: unknown) => {
      if (connectionRefused(err)) throw new IdentityRefusedError(`identity refused the connection to ${method} a provider account`, { cause: err });
      throw err;
    });
    if (response.ok) return response;
    await response.body?.cancel();
    if (response.status === 409) throw new EmailTakenError('email taken');
    if (response.status === 429) throw new TooManyAttemptsError(Number(response.headers.get('retry-after')) || 60);
    // A 4xx is a refusal; a 5xx may have come after the change was made.
    const message = `identity answered ${response.status} to ${method} a provider account`;
    throw response.status < 500 ? new IdentityRefusedError(message) : new Error(message);
  };
  return {
    async ensure(providerId, account, clientAddress) {
      const response = await call('PUT', providerId, account, clientAddress);
      return authResponseSchema.parse(await response.json());
    },
    async updateEmail(providerId, email) {
      await (await call('PATCH', providerId, { email })).body?.cancel();
    },
    async remove(providerId) {
      await (await call('DELETE', providerId)).body?.cancel();
    },
  };
}
