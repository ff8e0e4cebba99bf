import { Router, type RequestHandler } from 'express';
import {
  ProviderMessages,
  providerBasicInfoSchema,
  providerContentSchema,
  providerQualificationsSchema,
  providerSignupSchema,
  uploadSignatureRequestSchema,
} from '@altmed/contracts';
import { forbidden, parseForm, parseInput, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { signUpload } from '../uploads/signature';
import { isOwnerOrAdmin } from './provider-view';
import { providerIdOf } from './record-ids';
import { saveProfileContent } from './profile-images.domain';
import { updateBasicInfo, updateQualifications } from './profile.domain';
import type { ProvidersDeps } from './providers.domain';
import { signUpProvider } from './signup.domain';

export function providersRouter(deps: ProvidersDeps, verifier: TokenVerifier, options: { uploadUrlTtlSeconds: number }): Router {
  const router = Router();
  // Writes need an account that is still active (not blocked or deleted in svc-identity, and no
  // password reset since the token), and the record's own provider or an admin, checked before the
  // body is read, so no one else learns its rules.
  const writer = requireAuth(verifier, { activeAccount: true });
  const ownRecord: RequestHandler = (req, res, next) => {
    if (!isOwnerOrAdmin(res.locals.auth, String(req.params.id))) throw forbidden(ProviderMessages.notYourRecord);
    next();
  };

  router.post('/provider-info', async (req, res) => {
    // The client's address (from X-Forwarded-For only when the hop is trusted, TRUST_PROXY) counts against identity's sign-up limit.
    res.status(201).json(await signUpProvider(deps, parseForm(providerSignupSchema, req.body), req.ip));
  });

  router.put('/provider-info/:id', writer, ownRecord, async (req, res) => {
    const id = providerIdOf(req.params.id);
    res.json({ provider: await updateBasicInfo(deps, id, res.locals.auth, parseForm(providerBasicInfoSchema, req.body)) });
  });

  router.put('/provider-info/:id/qualifications', writer, ownRecord, async (req, res) => {
    const id = providerIdOf(req.params.id);
    res.json({ provider: await updateQualifications(deps, id, res.locals.auth, parseForm(providerQualificationsSchema, req.body)) });
  });

  router.put('/provider-info/:id/images', writer, ownRecord, async (req, res) => {
    const id = providerIdOf(req.params.id);
    res.json({ provider: await saveProfileContent(deps, id, res.locals.auth, parseForm(providerContentSchema, req.body)) });
  });

  router.post('/signature', requireAuth(verifier, { roles: ['provider'], activeAccount: true }), async (req, res) => {
    const providerId = res.locals.auth!.providerId;
    if (!providerId) throw forbidden();
    res.json(await signUpload(deps.storage, providerId, parseInput(uploadSignatureRequestSchema, req.body), options.uploadUrlTtlSeconds));
  });

  return router;
}
