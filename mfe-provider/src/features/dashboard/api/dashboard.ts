import { apiRequest, DefaultErrors } from '@altmed/web-kit';

export interface ReviewStats {
  totalReviews?: number;
  averageSatisfactionRating?: number;
  averageEfficacyRating?: number;
}

export interface ProviderProfile {
  _id: string;
  providerName?: string;
  practiceName?: string;
  email?: string;
  npiNumber?: string;
  address?: string;
  suite?: string;
  city?: string;
  state?: string;
  zip?: string;
  practiceDescription?: string;
  specialties?: string[];
  boardCertifications?: string[];
  hospitalAffiliations?: string[];
  educationAndTraining?: string[];
  headshotUrl?: string;
  galleryUrl?: string;
  reviewStats?: ReviewStats;
}

/** GET /api/provider-info/{id}; the reply is the record itself or `{ provider }`. */
export async function fetchOwnProfile(id: string): Promise<ProviderProfile> {
  const reply = await apiRequest<{ provider?: ProviderProfile } & Partial<ProviderProfile>>(`/provider-info/${encodeURIComponent(id)}`, {
    defaultError: DefaultErrors.fetchProvider,
  });
  const provider = reply?.provider ?? (reply?._id ? (reply as ProviderProfile) : undefined);
  if (!provider) throw new Error(DefaultErrors.fetchProvider);
  return provider;
}
