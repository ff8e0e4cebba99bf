import type { PlaceQuery } from '@altmed/contracts/web';

/**
 * Where a member searches from, as the pages pass it along in their URLs: `near` (a ZIP code) or
 * `lat` and `lng` (the browser's position, rounded to 2 decimals). It lives only in the URL of the
 * page: never in storage or a cookie.
 */
export type SearchPlace = PlaceQuery;

/** A 5-digit US ZIP code, as the API takes it (whether it is a known one, the API says). */
export const isZipCode = (value: string): boolean => /^\d{5}$/.test(value);

/** A coordinate as the API takes it: at most 2 decimals, within ±limit degrees. */
function coordinateOf(text: string | null, limit: number): number | undefined {
  if (text === null || !/^-?\d{1,3}(\.\d{1,2})?$/.test(text)) return undefined;
  const value = Number(text);
  return Math.abs(value) <= limit ? value : undefined;
}

/** Rounds a coordinate to 2 decimals (about a kilometre) before it leaves the browser. */
export const roundCoordinate = (degrees: number): number => Math.round(degrees * 100) / 100;

/** The place a URL's query string names, leaving out what the API would refuse (a ZIP code first when it names both). */
export function placeFromParams(params: URLSearchParams): SearchPlace {
  const near = params.get('near') ?? '';
  if (isZipCode(near)) return { near };
  const lat = coordinateOf(params.get('lat'), 90);
  const lng = coordinateOf(params.get('lng'), 180);
  return lat === undefined || lng === undefined ? {} : { lat, lng };
}

/** Adds a place to a query string: `near`, or `lat` and `lng`. */
export function appendPlace(params: URLSearchParams, place: SearchPlace): URLSearchParams {
  if (place.near) params.set('near', place.near);
  else if (place.lat !== undefined && place.lng !== undefined) {
    params.set('lat', String(place.lat));
    params.set('lng', String(place.lng));
  }
  return params;
}

/** A provider's profile, with the place the member searched from (the profile then shows the distance). */
export function profilePath(providerId: string, place: SearchPlace = {}): string {
  const query = appendPlace(new URLSearchParams(), place).toString();
  return `/provider-profile/${encodeURIComponent(providerId)}${query ? `?${query}` : ''}`;
}

/** 3.24 → "3.2", 1234 → "1,234". */
export const milesAmount = (miles: number): string => miles.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** 3.24 → "3.2 mi", as a result card shows it. */
export const shortMiles = (miles: number): string => `${milesAmount(miles)} mi`;
