import { randomUUID } from 'node:crypto';
import { Messages, type AccessTokenClaims, type NewPromoCode, type PromoCode } from '@altmed/contracts';
import { badRequest, conflict, isDuplicateKeyError } from '@altmed/service-kit';
import type { PromoCodeDocument, PromoCodeModel } from './promo-code.model';

export interface PromoCodesDeps {
  promoCodes: PromoCodeModel;
}

export interface ValidPromoCode {
  code: string;
  discountPercentage: number;
}

/** An active, unexpired code (given uppercased), or 400 "Invalid or expired promo code". */
export async function findValidPromoCode(deps: PromoCodesDeps, code: string, now = new Date()): Promise<ValidPromoCode> {
  const found = await deps.promoCodes.findOne({ code, isActive: true, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] }).lean<PromoCodeDocument>();
  if (!found) throw badRequest(Messages.invalidPromoCode);
  return { code: found.code, discountPercentage: found.discountPercentage };
}

export function toPromoCode(document: PromoCodeDocument): PromoCode {
  return {
    _id: document._id,
    code: document.code,
    discountPercentage: document.discountPercentage,
    expiresAt: document.expiresAt ? document.expiresAt.toISOString() : null,
    isActive: document.isActive,
    ...(document.createdBy ? { createdBy: { name: document.createdBy.name, email: document.createdBy.email } } : {}),
    createdAt: document.createdAt.toISOString(),
  };
}

/** A new code, recorded with the admin who created it (from the token, never the request) and when. */
export async function createPromoCode(deps: PromoCodesDeps, request: NewPromoCode, admin: AccessTokenClaims): Promise<PromoCode> {
  const expiresAt = request.expiryDate ? new Date(request.expiryDate) : null;
  if (expiresAt && Number.isNaN(expiresAt.getTime())) throw badRequest('Expiry date is not a valid date');
  try {
    const created = await deps.promoCodes.create({
      _id: randomUUID(),
      code: request.code.toUpperCase(),
      discountPercentage: request.discountPercentage,
      expiresAt,
      isActive: true,
      createdBy: { id: admin.sub, email: admin.email, name: admin.name },
    });
    return toPromoCode(created.toObject());
  } catch (err) {
    if (isDuplicateKeyError(err)) throw conflict(Messages.promoCodeExists);
    throw err;
  }
}

export async function listPromoCodes(deps: PromoCodesDeps): Promise<PromoCode[]> {
  const documents = await deps.promoCodes.find().sort({ createdAt: -1 }).lean<PromoCodeDocument[]>();
  return documents.map(toPromoCode);
}
