import { z } from 'zod';
import {
  AREAS_OF_INTEREST,
  COMPARE_MAX_PROVIDERS,
  COMPARE_MIN_PROVIDERS,
  DIRECTORY_MAX_PAGE,
  DIRECTORY_RADII_MILES,
  DIRECTORY_SORTS,
  US_STATE_CODES,
} from './constants';
import { CompareMessages, DirectoryMessages, PlaceMessages } from './messages';
import { hasPlace, type PlaceQuery } from './places';

/** A 5-digit US ZIP code (whether it is a known one, the service that holds the ZIP table decides). */
export const zipCodeSchema = z
  .string({ error: PlaceMessages.zipInvalid })
  .trim()
  .regex(/^\d{5}$/, PlaceMessages.zipInvalid);

/** A latitude or longitude as the browser sends it: rounded to at most 2 decimals (about a kilometre), within ±`limit` degrees. */
const coordinate = (limit: number) =>
  z
    .string({ error: PlaceMessages.locationInvalid })
    .regex(/^-?\d{1,3}(\.\d{1,2})?$/, PlaceMessages.locationInvalid)
    .transform(Number)
    .pipe(z.number().min(-limit, PlaceMessages.locationInvalid).max(limit, PlaceMessages.locationInvalid));

/**
 * Where a member searches from, in a query string: `near` (a ZIP code) or `lat` and `lng` (the
 * browser's position, rounded), never both. Spread into a strict object and checked with `checkPlace`.
 */
export const placeQueryFields = {
  near: zipCodeSchema.optional(),
  lat: coordinate(90).optional(),
  lng: coordinate(180).optional(),
};
export function checkPlace(query: PlaceQuery, context: z.RefinementCtx): void {
  if ((query.lat === undefined) !== (query.lng === undefined))
    context.addIssue({ code: 'custom', path: [query.lat === undefined ? 'lat' : 'lng'], message: PlaceMessages.locationInvalid });
  if (query.near !== undefined && query.lat !== undefined) context.addIssue({ code: 'custom', path: ['near'], message: PlaceMessages.placeTwice });
}

/** `areas=A&areas=B` arrives as an array, one `areas=A` as a string, `areas=A,B` split at commas. */
const areaList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z
    .array(z.enum(AREAS_OF_INTEREST, { error: DirectoryMessages.areaInvalid }), { error: DirectoryMessages.areaInvalid })
    .max(AREAS_OF_INTEREST.length, DirectoryMessages.areaInvalid)
    .transform((areas) => [...new Set(areas)]),
);

/** The directory's query string: every parameter optional, nothing else allowed (an operator such as `q[$ne]` is a 400). */
export const directoryQuerySchema = z
  .object({
    q: z.string({ error: DirectoryMessages.searchTooLong }).trim().max(100, DirectoryMessages.searchTooLong).optional(),
    areas: areaList.optional(),
    state: z.enum(US_STATE_CODES, { error: DirectoryMessages.stateInvalid }).optional(),
    city: z.string({ error: DirectoryMessages.cityInvalid }).trim().max(100, DirectoryMessages.cityInvalid).optional(),
    /** By default nearest first with a place, by rating without one. */
    sort: z.enum(DIRECTORY_SORTS, { error: DirectoryMessages.sortInvalid }).optional(),
    page: z
      .string({ error: DirectoryMessages.pageInvalid })
      .regex(/^\d{1,4}$/, DirectoryMessages.pageInvalid)
      .transform(Number)
      .pipe(z.number().int().min(1, DirectoryMessages.pageInvalid).max(DIRECTORY_MAX_PAGE, DirectoryMessages.pageInvalid))
      .optional()
      .default(1),
    saved: z.literal('true', { error: DirectoryMessages.savedInvalid }).optional(),
    ...placeQueryFields,
    /** Miles around the place; only with one. */
    radius: z
      .enum(
        DIRECTORY_RADII_MILES.map((miles) => String(miles) as `${(typeof DIRECTORY_RADII_MILES)[number]}`),
        { error: DirectoryMessages.radiusInvalid },
      )
      .transform(Number)
      .optional(),
  })
  .strict()
  .superRefine((query, context) => {
    checkPlace(query, context);
    if (hasPlace(query)) return;
    if (query.sort === 'distance') context.addIssue({ code: 'custom', path: ['sort'], message: DirectoryMessages.sortNeedsPlace });
    if (query.radius !== undefined) context.addIssue({ code: 'custom', path: ['radius'], message: DirectoryMessages.radiusNeedsPlace });
  });
export type DirectoryQuery = z.input<typeof directoryQuerySchema>;
export type DirectorySearch = z.output<typeof directoryQuerySchema>;

/** A result card: only what members are meant to see (no email, no DEA number, no NPI). */
export const directoryProviderSchema = z.object({
  _id: z.string(),
  providerName: z.string(),
  practiceName: z.string(),
  specialties: z.array(z.string()),
  city: z.string(),
  state: z.string(),
  headshotThumbnailUrl: z.string().optional(),
  totalReviews: z.number(),
  /** The mean of the satisfaction and efficacy averages, 0 to 5; 0 without reviews. */
  averageRating: z.number(),
  verifiedAt: z.string().optional(),
  /** Near a place: great-circle miles from it to the practice's ZIP, to one decimal. */
  distanceMiles: z.number().optional(),
  /** Where the practice's ZIP code is (its centre, to 3 decimals), for the results' map; none when the ZIP is not a known US ZIP. */
  point: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
});
export type DirectoryProvider = z.infer<typeof directoryProviderSchema>;

export const directoryResponseSchema = z.object({
  /** `preview`: a visitor or a member without an active membership, who gets the counts and no providers. */
  access: z.enum(['full', 'preview']),
  providers: z.array(directoryProviderSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  /** How many providers each area of interest has with the other filters as they are (the areas left out), in the list's order; areas with none left out. */
  areaCounts: z.array(z.object({ area: z.enum(AREAS_OF_INTEREST), count: z.number() })),
  /** How many providers each state has with the other filters as they are (the state left out), most first; states with none left out. */
  stateCounts: z.array(z.object({ state: z.enum(US_STATE_CODES), count: z.number() })),
  /** Near a place: how many providers matching everything else were left out because their practice ZIP is not a known US ZIP. */
  withoutDistance: z.number().optional(),
});
export type DirectoryResponse = z.infer<typeof directoryResponseSchema>;

export const savedProvidersResponseSchema = z.object({ providers: z.array(directoryProviderSchema) });
export type SavedProvidersResponse = z.infer<typeof savedProvidersResponseSchema>;

/** GET /saved-providers/{providerId}: whether the member keeps this provider (the profile's Save button). */
export const savedProviderStateSchema = z.object({ saved: z.boolean() });
export type SavedProviderState = z.infer<typeof savedProviderStateSchema>;

/** A provider's profile, opened from a search near a place: the same place, for the distance. Nothing else allowed. */
export const providerProfileQuerySchema = z.object(placeQueryFields).strict().superRefine(checkPlace);
export type ProviderProfileQuery = z.output<typeof providerProfileQuerySchema>;

/** `ids=a,b,c` (or `ids=a&ids=b`): two to four different provider ids; `zip`: the member's 5-digit ZIP, for the distances. Nothing else allowed. */
export const compareQuerySchema = z
  .object({
    ids: z.preprocess(
      (value) => (typeof value === 'string' ? value.split(',') : value),
      z
        .array(
          z.uuid({ error: CompareMessages.idsInvalid }).transform((id) => id.toLowerCase()),
          { error: CompareMessages.idsInvalid },
        )
        .min(COMPARE_MIN_PROVIDERS, CompareMessages.idsInvalid)
        .max(COMPARE_MAX_PROVIDERS, CompareMessages.idsInvalid)
        .refine((ids) => new Set(ids).size === ids.length, CompareMessages.idsInvalid),
    ),
    zip: zipCodeSchema.optional(),
  })
  .strict();
export type CompareQuery = z.output<typeof compareQuerySchema>;

/** One provider in the comparison: what members are meant to see (no email, NPI, DEA or licence numbers). */
export const compareProviderSchema = z.object({
  _id: z.string(),
  providerName: z.string(),
  practiceName: z.string(),
  city: z.string(),
  state: z.string(),
  headshotThumbnailUrl: z.string().optional(),
  specialties: z.array(z.string()),
  /** The states of the provider's licences, each once, sorted. */
  licenseStates: z.array(z.string()),
  boardCertifications: z.array(z.string()),
  educationAndTraining: z.array(z.string()),
  /** Whole years since the first licence was issued; null while the record has no licence date (none does today). */
  yearsSinceFirstLicense: z.number().nullable(),
  totalReviews: z.number(),
  /** Averages of the approved reviews, 0 to 5; 0 without reviews. */
  averageSatisfactionRating: z.number(),
  averageEfficacyRating: z.number(),
  /** Great-circle miles from the member's ZIP to the practice's ZIP, to one decimal; null without a ZIP or when either is unknown. */
  distanceMiles: z.number().nullable(),
});
export type CompareProvider = z.infer<typeof compareProviderSchema>;

export const compareResponseSchema = z.object({
  /** The listed providers of the ids asked for, in that order; ids of providers not listed (any more) are left out. */
  providers: z.array(compareProviderSchema),
  /** The member's ZIP as asked, and whether it is a known US ZIP; null without one. */
  origin: z.object({ zip: z.string(), known: z.boolean() }).nullable(),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;
