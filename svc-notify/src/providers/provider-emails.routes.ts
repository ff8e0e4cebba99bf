import { Router } from 'express';
import { ProviderMessages, providerSignupNotificationSchema, providerWelcomeEmailRequestSchema, type AccessTokenClaims } from '@altmed/contracts';
import { WorkInProgressError, forbidden, parseInput, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { sendProviderSignupNotification, sendProviderWelcome, type ProviderEmailDeps } from './provider-registered.handler';

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
 * The portal's two compatibility calls (SPEC §7). provider.registered already sends both emails;
 * these send them only if that has not happened yet, each once per provider, for its own
 * provider only.
 */
export function providerEmailsRouter(deps: ProviderEmailDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const caller = requireAuth(verifier, { roles: ['provider', 'admin'], activeAccount: true });

  router.post('/email/provider-signup-notification', caller, async (req, res) => {
    const body = parseInput(providerSignupNotificationSchema, req.body);
    const auth = res.locals.auth!;
    ensureCaller(auth, body.id, { admins: true });
    await once(() =>
      sendProviderSignupNotification(deps, {
        providerId: body.id,
        providerName: body.name ?? '',
        practiceName: body.practiceName ?? '',
        email: body.email ?? (auth.role === 'provider' ? auth.email : ''),
        phone: body.phone,
        npiNumber: body.npiNumber ?? '',
        fullAddress: body.address ?? '',
        specialties: body.specialties ?? [],
        boardCertifications: body.certifications ?? [],
        hospitalAffiliations: body.hospitalAffiliations ?? [],
        educationAndTraining: body.educationAndTraining ?? [],
        practiceDescription: body.practiceDescription ?? '',
      }),
    );
    res.json({ message: ProviderMessages.notificationSent });
  });

  router.post('/email/send-provider-welcome-email', caller, async (req, res) => {
    const { providerId } = parseInput(providerWelcomeEmailRequestSchema, req.body);
    const auth = res.locals.auth!;
    ensureCaller(auth, providerId, { admins: false });
    await once(() => sendProviderWelcome(deps, { providerId, providerName: auth.name, email: auth.email }));
    res.json({ message: ProviderMessages.notificationSent });
  });

  return router;
}
