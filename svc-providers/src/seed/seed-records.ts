import sharp from 'sharp';
import type { ProviderModel } from '../providers/provider.model';
import type { ReviewModel } from '../reviews/review.model';
import type { StoredImage } from '../uploads/images';
import type { UploadStorage } from '../uploads/storage';
import { deaFrom, reviewsFor, seededId, type SeedProvider } from './seed-data';

// The records both seeds write (the demo providers and a generated set), built alike.

export const DAY_MS = 24 * 3600 * 1000;

export interface SeedDeps {
  providers: ProviderModel;
  reviews: ReviewModel;
  storage: UploadStorage;
}

/** The ids of what a seed wrote, for the events that tell running instances. */
export interface WrittenRecords {
  providerIds: string[];
  reviewIds: string[];
}

const flags = (status: SeedProvider['status']) => ({ isActive: status !== 'blocked', isApproved: status === 'approved' });

/** A picture with a soft background and a simple figure (headshot) or shapes (office), as profile size and thumbnail. */
export async function makeImage(
  storage: UploadStorage,
  providerId: string,
  kind: 'headshot' | 'gallery',
  [dark, light]: [string, string],
): Promise<StoredImage> {
  const [width, height] = kind === 'headshot' ? [400, 400] : [700, 525];
  const figure =
    kind === 'headshot'
      ? `<circle cx="200" cy="160" r="80" fill="${dark}"/><ellipse cx="200" cy="380" rx="150" ry="120" fill="${dark}"/>`
      : `<rect x="60" y="200" width="260" height="240" fill="${dark}" rx="12"/><rect x="380" y="120" width="260" height="320" fill="${dark}" opacity="0.7" rx="12"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${light}"/>${figure}</svg>`;
  const base = sharp(Buffer.from(svg));
  const [profile, thumbnail] = await Promise.all([
    base.clone().jpeg({ quality: 85 }).toBuffer(),
    base
      .clone()
      .resize(kind === 'headshot' ? { width: 160, height: 160 } : { width: 280, height: 210 })
      .jpeg({ quality: 80 })
      .toBuffer(),
  ]);
  const image = { key: `providers/${providerId}/${kind}-seed.jpg`, thumbnailKey: `providers/${providerId}/${kind}-seed-thumb.jpg` };
  await Promise.all([storage.write(image.key, profile, 'image/jpeg'), storage.write(image.thumbnailKey, thumbnail, 'image/jpeg')]);
  return image;
}

/** Who vetted the demo providers, as the admin pages and "Verified on {date}" show it. */
const SEED_VETTING = { id: 'seed', email: 'vetting@altmed.local' };

/** The vetting a record in this state went through: approved two days after it registered, blocked a week later. */
function statusHistoryOf(status: SeedProvider['status'], registeredAt: Date) {
  const at = (days: number) => new Date(registeredAt.getTime() + days * DAY_MS);
  if (status === 'approved') return [{ action: 'approve', by: SEED_VETTING, at: at(2) }];
  if (status === 'blocked')
    return [
      { action: 'approve', by: SEED_VETTING, at: at(2) },
      { action: 'block', by: SEED_VETTING, at: at(9) },
    ];
  return [];
}

export function recordOf(provider: SeedProvider, index: number, email: string, npiNumber: string) {
  // Within the last three years, whatever the size of the set.
  const registeredAt = new Date(Date.now() - (30 + (index % 1_000)) * DAY_MS);
  return {
    accountState: 'active' as const,
    practiceName: provider.practiceName,
    providerName: provider.providerName,
    email,
    npiNumber,
    address: provider.address,
    suite: '',
    city: provider.city,
    state: provider.state,
    zip: provider.zip,
    phone: provider.phone,
    specialties: provider.specialties,
    boardCertifications: provider.boardCertifications,
    hospitalAffiliations: provider.hospitalAffiliations,
    educationAndTraining: provider.educationAndTraining,
    stateLicenses: [
      { state: provider.licenseState, deaNumber: deaFrom('BM', 100_000 + index * 7919), licenseNumber: `${provider.licenseState}-${40_000 + index}` },
    ],
    practiceDescription: provider.practiceDescription,
    ...flags(provider.status),
    ...(provider.blockedReason ? { blockedReason: provider.blockedReason } : {}),
    registeredAt,
    statusHistory: statusHistoryOf(provider.status, registeredAt),
  };
}

export function reviewDocuments(providerId: string, seed: number, count: number) {
  return reviewsFor(seed, count).map((review, index) => {
    const createdAt = new Date(Date.now() - review.daysAgo * DAY_MS);
    return {
      _id: seededId(`${providerId}:review:${index}`),
      providerId,
      clientName: review.clientName,
      satisfactionRating: review.satisfactionRating,
      efficacyRating: review.efficacyRating,
      reviewText: review.reviewText,
      isActive: true,
      isApproved: review.isApproved,
      status: review.isApproved ? ('approved' as const) : ('pending' as const),
      submittedAt: createdAt,
      createdAt,
      updatedAt: new Date(),
    };
  });
}
