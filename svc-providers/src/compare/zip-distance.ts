import { lookup } from 'zipcodes';

/** Miles in the Earth's mean radius (great-circle distances on a sphere, as the crow flies). */
const EARTH_RADIUS_MILES = 3958.8;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * Where a US ZIP code is (its centroid), from the `zipcodes` package's bundled table: no network,
 * no key. Null for anything that is not a known 5-digit US ZIP (a provider's ZIP is free text of at most 5 characters).
 */
export function zipCoordinates(zip: string): Coordinates | null {
  if (!/^\d{5}$/.test(zip)) return null;
  const place = lookup(zip);
  if (!place || place.country !== 'US' || !Number.isFinite(place.latitude) || !Number.isFinite(place.longitude)) return null;
  return { latitude: place.latitude, longitude: place.longitude };
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle (haversine) distance in miles, to one decimal. */
export function milesBetween(from: Coordinates, to: Coordinates): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  const miles = 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
  return Math.round(miles * 10) / 10;
}
