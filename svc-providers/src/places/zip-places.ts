import fs from 'node:fs';
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { PlaceMessages, type PlaceQuery } from '@altmed/contracts';
import { badRequest } from '@altmed/service-kit';

/** Miles in the Earth's mean radius (great-circle distances on a sphere, as the crow flies). */
const EARTH_RADIUS_MILES = 3958.8;
const KILOMETRES_PER_MILE = 1.609344;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * Where a US ZIP code is (its centroid), from the `zipcodes` package's bundled table: no network,
 * no key. Null for anything that is not a known 5-digit US ZIP (a provider's ZIP is free text of at most 5 characters).
 */
export function zipCoordinates(zip: string): Coordinates | null {
  const table = usZipTable();
  const id = table.idOf(zip);
  return id === -1 ? null : table.coordinatesOf(id);
}

/**
 * Where a search measures from: a ZIP code's centroid, or the position the browser sent (already
 * rounded to about a kilometre; used for this answer only, never stored or logged). A ZIP that is not a
 * known US ZIP is a 400.
 */
export function originOf(query: PlaceQuery): Coordinates | undefined {
  if (query.near !== undefined) {
    const origin = zipCoordinates(query.near);
    if (!origin) throw badRequest(PlaceMessages.zipUnknown);
    return origin;
  }
  if (query.lat !== undefined && query.lng !== undefined) return { latitude: query.lat, longitude: query.lng };
  return undefined;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle (haversine) distance in miles, unrounded. */
function exactMilesBetween(from: Coordinates, to: Coordinates): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Miles to one decimal, as a page shows them. */
export const roundedMiles = (miles: number): number => Math.round(miles * 10) / 10;

/** The great-circle (haversine) distance in miles, to one decimal. */
export function milesBetween(from: Coordinates, to: Coordinates): number {
  return roundedMiles(exactMilesBetween(from, to));
}

/** Marks a ZIP outside the radius in `ZipTable.milesWithin`'s answer. */
export const OUTSIDE = -1;

/**
 * Every known US ZIP code, each with a number of its own (0 to `size - 1`), and a spatial index of
 * their centroids (kdbush, searched with geokdbush's great-circle `around`): a search near a place
 * finds the ZIP codes within its radius without measuring to every one.
 */
export class ZipTable {
  private readonly ids = new Map<string, number>();
  private readonly latitudes: Float64Array;
  private readonly longitudes: Float64Array;
  private readonly index: KDBush;
  private milesAnswer: Float64Array | undefined;
  /** The ZIP numbers the last `milesWithin` answer holds miles for. */
  private readonly answered: number[] = [];

  constructor(places: Iterable<{ zip: string } & Coordinates>) {
    const zips = [...places];
    this.latitudes = new Float64Array(zips.length);
    this.longitudes = new Float64Array(zips.length);
    this.index = new KDBush(Math.max(1, zips.length));
    zips.forEach((place, id) => {
      this.ids.set(place.zip, id);
      this.latitudes[id] = place.latitude;
      this.longitudes[id] = place.longitude;
      this.index.add(place.longitude, place.latitude);
    });
    if (zips.length === 0) this.index.add(0, 0);
    this.index.finish();
  }

  get size(): number {
    return this.latitudes.length;
  }

  /** The number of a known US ZIP code; -1 for anything else. */
  idOf(zip: string): number {
    return this.ids.get(zip) ?? -1;
  }

  coordinatesOf(id: number): Coordinates {
    return { latitude: this.latitudes[id]!, longitude: this.longitudes[id]! };
  }

  /** Its memory, roughly: the coordinates, the kd-tree (ids and coordinates), the miles answer and the map of codes. */
  approximateBytes(): number {
    return this.size * (8 + 8 + 4 + 16 + 8) + this.ids.size * 80;
  }

  /**
   * The exact miles from the origin to every ZIP within the radius, by ZIP number; `OUTSIDE` for
   * the others. The kd-tree is searched a little wider than the radius and each ZIP found measured
   * here, so the edge is the same haversine as every distance the site shows. The answer is one
   * array kept for every call (a new one each call was a large object for the collector): it holds
   * until the next call, so read it before calling again.
   */
  milesWithin(origin: Coordinates, radiusMiles: number): Float64Array {
    const miles = (this.milesAnswer ??= new Float64Array(this.size).fill(OUTSIDE));
    for (const id of this.answered) miles[id] = OUTSIDE;
    this.answered.length = 0;
    const found = around(this.index, origin.longitude, origin.latitude, Infinity, radiusMiles * KILOMETRES_PER_MILE * 1.001);
    for (const id of found) {
      if (id >= this.size) continue;
      const distance = exactMilesBetween(origin, this.coordinatesOf(id));
      if (distance > radiusMiles) continue;
      miles[id] = distance;
      this.answered.push(id);
    }
    return miles;
  }
}

let usZips: ZipTable | undefined;

interface ZipcodesPlace {
  zip: string;
  latitude: number;
  longitude: number;
  country: string;
}

/**
 * The `zipcodes` package's US places, read as data: its `lib/codes.js` is one 5 MB object literal
 * (`exports.codes = {…};` on its first line), and requiring it compiles that literal and keeps every
 * place (with Canada's) as an object for the life of the process, about 55 MB resident. Parsed as
 * JSON, the places live only while the table is built.
 */
function zipcodesUsPlaces(): ZipcodesPlace[] {
  const source = fs.readFileSync(require.resolve('zipcodes/lib/codes.js'), 'utf8');
  const firstLine = source.slice(0, source.indexOf('\n'));
  const codes = JSON.parse(firstLine.slice(firstLine.indexOf('{'), firstLine.lastIndexOf('}') + 1)) as Record<string, ZipcodesPlace>;
  return Object.values(codes).filter((place) => place.country === 'US');
}

/** The table of every US ZIP in the `zipcodes` package, built on first use (about 42,000 codes). */
export function usZipTable(): ZipTable {
  usZips ??= new ZipTable(
    zipcodesUsPlaces().filter((place) => /^\d{5}$/.test(place.zip) && Number.isFinite(place.latitude) && Number.isFinite(place.longitude)),
  );
  return usZips;
}
