import { PROFILE_REVIEWS_SHOWN, type Review } from '@altmed/contracts/web';
import type { PublicProvider } from '../api/providerProfile';

/** The address on one line: the record's own `fullAddress`, else its parts. */
export function providerAddress(provider: PublicProvider): string {
  return provider.fullAddress ?? [provider.address, provider.suite, provider.city, provider.state, provider.zip].filter(Boolean).join(', ');
}

/** The About text: the practice description, else a sentence built from name, certifications, specialties, practice and city (SPEC §2). */
export function aboutText(provider: PublicProvider): string {
  if (provider.practiceDescription?.trim()) return provider.practiceDescription;
  const certifications = provider.boardCertifications ?? [];
  const specialties = provider.specialties ?? [];
  const parts = [provider.providerName ?? 'This provider'];
  if (certifications.length) parts.push(`is board certified in ${certifications.join(', ')}`);
  if (specialties.length) parts.push(`${certifications.length ? 'and ' : ''}specialises in ${specialties.join(', ')}`);
  let text = parts.join(' ');
  if (provider.practiceName) text += ` at ${provider.practiceName}`;
  if (provider.city) text += ` in ${provider.city}`;
  return `${text}.`;
}

/** An image the browser can load: an absolute URL or a root path (a bare storage key is not one). */
export function loadableImageUrl(value: string | undefined): string | null {
  if (!value) return null;
  return /^(https?:)?\/\//.test(value) || value.startsWith('/') ? value : null;
}

export interface MapPosition {
  latitude: number;
  longitude: number;
}

const within = (value: unknown, limit: number): value is number => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** Where to centre the map, when the record carries valid coordinates. */
export function mapPosition(provider: PublicProvider): MapPosition | null {
  const { latitude, longitude } = provider;
  return within(latitude, 90) && within(longitude, 180) ? { latitude, longitude } : null;
}

/** OpenStreetMap's route planner with the address as the destination. */
export function directionsUrl(address: string): string {
  return `https://www.openstreetmap.org/directions?to=${encodeURIComponent(address)}`;
}

/** The newest shown reviews the profile came with, at most as many as the profile shows (SPEC §9). */
export function latestReviews(provider: PublicProvider): Review[] {
  return (provider.reviews ?? []).filter((review) => review.isActive !== false && review.isApproved !== false).slice(0, PROFILE_REVIEWS_SHOWN);
}
