import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { SERVICE_TOKEN_HEADER } from '@altmed/contracts';
import { unauthorized } from '@altmed/service-kit';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Express middleware for service-to-service routes: the caller must send the shared
 * INTERNAL_API_TOKEN in the `x-service-token` header (compared in constant time).
 */
export function requireServiceCredential(expected: string) {
  const expectedDigest = digest(expected);
  return (req: Request, _res: Response, next: NextFunction) => {
    const given = req.headers[SERVICE_TOKEN_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expectedDigest)) return next(unauthorized());
    next();
  };
}
