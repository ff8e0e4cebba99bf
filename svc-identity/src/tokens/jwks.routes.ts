import { Router } from 'express';
import type { SigningKey } from './signing-key';

export function jwksRouter(key: SigningKey): Router {
  const router = Router();
  router.get('/.well-known/jwks.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json({ keys: [key.publicJwk] });
  });
  return router;
}
