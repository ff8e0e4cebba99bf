import type { AccessTokenClaims, Provider, ProviderStatus } from '@altmed/contracts';
import type { ProviderDocument } from './provider.model';

export function statusOf(provider: Pick<ProviderDocument, 'isActive' | 'isApproved'>): ProviderStatus {
  if (!provider.isActive) return 'blocked';
  return provider.isApproved ? 'approved' : 'pending';
}

/** The provider itself, or an admin: sees everything of the record, and may change it. */
export function isOwnerOrAdmin(auth: AccessTokenClaims | undefined, providerId: string): boolean {
  if (!auth) return false;
  return auth.role === 'admin' || (auth.role === 'provider' && auth.providerId === providerId);
}

/** When the provider was last approved, while it is approved: the profile's "Verified on {date}". */
export function verifiedAtOf(provider: Pick<ProviderDocument, 'isActive' | 'isApproved' | 'statusHistory'>): Date | undefined {
  if (statusOf(provider) !== 'approved') return undefined;
  return provider.statusHistory?.findLast((change) => change.action === 'approve')?.at;
}

export interface ImageUrls {
  headshotUrl?: string;
  galleryUrl?: string;
  headshotThumbnailUrl?: string;
  galleryThumbnailUrl?: string;
}

/**
 * The record as a caller may see it: everyone gets the profile; the email and the licences' DEA
 * numbers only the provider itself and admins (`full`).
 */
export function toProviderView(provider: ProviderDocument, images: ImageUrls, full: boolean): Provider {
  const verifiedAt = verifiedAtOf(provider);
  return {
    _id: provider._id,
    providerName: provider.providerName,
    practiceName: provider.practiceName,
    ...(full ? { email: provider.email } : {}),
    ...(provider.phone ? { phone: provider.phone } : {}),
    npiNumber: provider.npiNumber,
    address: provider.address,
    suite: provider.suite,
    city: provider.city,
    state: provider.state,
    zip: provider.zip,
    fullAddress: fullAddressOf(provider),
    specialties: [...provider.specialties],
    boardCertifications: [...provider.boardCertifications],
    hospitalAffiliations: [...provider.hospitalAffiliations],
    educationAndTraining: [...provider.educationAndTraining],
    stateLicenses: provider.stateLicenses.map((license) => ({
      state: license.state,
      licenseNumber: license.licenseNumber,
      ...(full ? { deaNumber: license.deaNumber } : {}),
    })),
    ...images,
    ...(provider.practiceDescription ? { practiceDescription: provider.practiceDescription } : {}),
    isActive: provider.isActive,
    isApproved: provider.isApproved,
    status: statusOf(provider),
    ...(full && !provider.isActive && provider.blockedReason ? { blockedReason: provider.blockedReason } : {}),
    profileComplete: Boolean(provider.registeredAt),
    createdAt: provider.createdAt.toISOString(),
    ...(verifiedAt ? { verifiedAt: verifiedAt.toISOString() } : {}),
  };
}

export function fullAddressOf(provider: Pick<ProviderDocument, 'address' | 'suite' | 'city' | 'state' | 'zip'>): string {
  const street = [provider.address, provider.suite].filter(Boolean).join(', ');
  return `${street}, ${provider.city}, ${provider.state} ${provider.zip}`;
}
