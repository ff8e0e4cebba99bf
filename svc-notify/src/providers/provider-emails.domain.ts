import type { AccessTokenClaims, ProviderRegisteredV1, ProviderSignupNotification } from '@altmed/contracts';
import { WorkInProgressError, forbidden, type EventInbox } from '@altmed/service-kit';
import type { Mailer } from '../mail/mailer';
import { providerSignupNotificationEmail, providerWelcomeEmail } from './provider-emails';

export interface ProviderEmailDeps {
  inbox: EventInbox;
  mailer: Mailer;
  siteUrl: string;
  adminNotifyEmail: string;
}

/**
 * The inbox keys of the two provider emails: by provider, not by event, so the event and the
 * compatibility calls of the portal (`/email/provider-…`) send each email once between them.
 */
const PROVIDER_SIGNUP_NOTIFICATION = 'provider-signup-notification';
const PROVIDER_WELCOME_EMAIL = 'provider-welcome-email';

export function sendProviderSignupNotification(deps: ProviderEmailDeps, provider: ProviderRegisteredV1): Promise<boolean> {
  return deps.inbox.runOnce(PROVIDER_SIGNUP_NOTIFICATION, provider.providerId, () =>
    deps.mailer.send(providerSignupNotificationEmail(provider, deps.adminNotifyEmail, deps.siteUrl)),
  );
}

export function sendProviderWelcome(deps: ProviderEmailDeps, provider: { providerId: string; providerName: string; email: string }): Promise<boolean> {
  return deps.inbox.runOnce(PROVIDER_WELCOME_EMAIL, provider.providerId, () => deps.mailer.send(providerWelcomeEmail(provider, deps.siteUrl)));
}

/** The provider itself (its token names the provider id); admins may ask for the admin notification too. */
function ensureCaller(auth: AccessTokenClaims, providerId: string, { admins }: { admins: boolean }): void {
  if (auth.role === 'provider' && auth.providerId === providerId) return;
  if (admins && auth.role === 'admin') return;
  throw forbidden();
}

/** A send another delivery (the provider.registered event) is doing right now counts as sent. */
async function once(send: () => Promise<boolean>): Promise<void> {
  await send().catch((err: unknown) => {
    if (!(err instanceof WorkInProgressError)) throw err;
  });
}

/**
 * POST /email/provider-signup-notification, the portal's compatibility call (SPEC §7):
 * provider.registered already sends it; this sends it only if that has not happened yet.
 */
export async function requestSignupNotification(deps: ProviderEmailDeps, request: ProviderSignupNotification, auth: AccessTokenClaims): Promise<void> {
  ensureCaller(auth, request.id, { admins: true });
  await once(() =>
    sendProviderSignupNotification(deps, {
      providerId: request.id,
      providerName: request.name ?? '',
      practiceName: request.practiceName ?? '',
      email: request.email ?? (auth.role === 'provider' ? auth.email : ''),
      phone: request.phone,
      npiNumber: request.npiNumber ?? '',
      fullAddress: request.address ?? '',
      specialties: request.specialties ?? [],
      boardCertifications: request.certifications ?? [],
      hospitalAffiliations: request.hospitalAffiliations ?? [],
      educationAndTraining: request.educationAndTraining ?? [],
      practiceDescription: request.practiceDescription ?? '',
    }),
  );
}

/** POST /email/send-provider-welcome-email, the same for the provider's welcome: for its own provider only. */
export async function requestProviderWelcome(deps: ProviderEmailDeps, providerId: string, auth: AccessTokenClaims): Promise<void> {
  ensureCaller(auth, providerId, { admins: false });
  await once(() => sendProviderWelcome(deps, { providerId, providerName: auth.name, email: auth.email }));
}
