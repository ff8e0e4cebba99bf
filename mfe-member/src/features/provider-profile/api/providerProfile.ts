import { ApiError, apiRequest, DefaultErrors } from '@altmed/web-kit';

export interface StateLicense {
  state: string;
  deaNumber?: string;
  licenseNumber?: string;
}

export interface Review {
  _id: string;
  clientName?: string;
  satisfactionRating?: number;
  efficacyRating?: number;
  reviewText?: string;
  createdAt?: string;
  isActive?: boolean;
  isApproved?: boolean;
}

export interface PublicProvider {
  _id: string;
  providerName?: string;
  practiceName?: string;
  email?: string;
  phone?: string;
  npiNumber?: string;
  address?: string;
  suite?: string;
  city?: string;
  state?: string;
  zip?: string;
  fullAddress?: string;
  specialties?: string[];
  boardCertifications?: string[];
  hospitalAffiliations?: string[];
  educationAndTraining?: string[];
  stateLicenses?: StateLicense[];
  headshotUrl?: string;
  galleryUrl?: string;
  practiceDescription?: string;
  reviewStats?: { totalReviews?: number; averageSatisfactionRating?: number; averageEfficacyRating?: number };
  reviews?: Review[];
}

export type ProfileResult = { kind: 'found'; provider: PublicProvider } | { kind: 'not-found' };

/** GET /api/provider-info/{id} (no token, SPEC §6). A 404 or an empty reply means not found. */
export async function fetchProviderProfile(id: string, signal?: AbortSignal): Promise<ProfileResult> {
  try {
    const reply = await apiRequest<({ provider?: PublicProvider } & Partial<PublicProvider>) | undefined>(
      `/provider-info/${encodeURIComponent(id)}`,
      { defaultError: DefaultErrors.fetchProvider, signal },
    );
    const provider = reply?.provider ?? (reply?._id ? (reply as PublicProvider) : undefined);
    return provider ? { kind: 'found', provider } : { kind: 'not-found' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' };
    throw error;
  }
}
