import { Router } from 'express';
import { ProviderMessages, providerSignupNotificationSchema, providerWelcomeEmailRequestSchema } from '@altmed/contracts';
import { parseInput, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { requestProviderWelcome, requestSignupNotification, type ProviderEmailDeps } from './provider-emails.domain';

/**
 * The portal's two compatibility calls (SPEC §7). provider.registered already sends both emails;
 * these send them only if that has not happened yet, each once per provider, for its own
 * provider only.
 */
export function providerEmailsRouter(deps: ProviderEmailDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const caller = requireAuth(verifier, { roles: ['provider', 'admin'], activeAccount: true });

  router.post('/email/provider-signup-notification', caller, async (req, res) => {
    await requestSignupNotification(deps, parseInput(providerSignupNotificationSchema, req.body), res.locals.auth!);
    res.json({ message: ProviderMessages.notificationSent });
  });

  router.post('/email/send-provider-welcome-email', caller, async (req, res) => {
    const { providerId } = parseInput(providerWelcomeEmailRequestSchema, req.body);
    await requestProviderWelcome(deps, providerId, res.locals.auth!);
    res.json({ message: ProviderMessages.notificationSent });
  });

  return router;
}
