import { lookup } from 'zipcodes';

/**
 * What the tests check distances against: great-circle miles by the haversine formula on the
 * zipcodes table's centroid of `zip`, to one decimal, written apart from the service's own code.
 */
export function greatCircleMiles(from: string | { latitude: number; longitude: number }, zip: string): number {
  const origin = typeof from === 'string' ? lookup(from)! : from;
  const to = lookup(zip)!;
  const rad = Math.PI / 180;
  const h =
    Math.sin(((to.latitude - origin.latitude) * rad) / 2) ** 2 +
    Math.cos(origin.latitude * rad) * Math.cos(to.latitude * rad) * Math.sin(((to.longitude - origin.longitude) * rad) / 2) ** 2;
  return Math.round(2 * 3958.8 * Math.asin(Math.sqrt(h)) * 10) / 10;
}
