import { useState } from 'react';
import { roundCoordinate } from '../../../lib/searchPlace';

/** What finding the member's position came to, when it did not give one. */
export type LocationStatus = 'idle' | 'locating' | 'denied' | 'timeout' | 'unavailable' | 'unsupported';

/** How long the browser may take to find the position, once the member has allowed it. */
export const LOCATION_TIMEOUT_MS = 10_000;
/** A position the browser found in the last few minutes is good enough at a kilometre. */
const LOCATION_MAX_AGE_MS = 5 * 60_000;
// GeolocationPositionError's codes (the class itself is not there in every environment).
const PERMISSION_DENIED = 1;
const TIMEOUT = 3;

/**
 * The member's position, asked of the browser only when `locate` is called (the "Use my location"
 * button), rounded to 2 decimals (about a kilometre) before anything else sees it. Kept nowhere:
 * `onPosition` puts it in the search, which lives in the page's URL.
 */
export function useCurrentPosition(onPosition: (position: { lat: number; lng: number }) => void) {
  const [status, setStatus] = useState<LocationStatus>('idle');
  const locate = () => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) return setStatus('unsupported');
    setStatus('locating');
    geolocation.getCurrentPosition(
      ({ coords }) => {
        setStatus('idle');
        onPosition({ lat: roundCoordinate(coords.latitude), lng: roundCoordinate(coords.longitude) });
      },
      ({ code }) => setStatus(code === PERMISSION_DENIED ? 'denied' : code === TIMEOUT ? 'timeout' : 'unavailable'),
      { timeout: LOCATION_TIMEOUT_MS, maximumAge: LOCATION_MAX_AGE_MS, enableHighAccuracy: false },
    );
  };
  return { status, locate, reset: () => setStatus('idle') };
}
