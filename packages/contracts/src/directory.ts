import { z } from 'zod';
import { AREAS_OF_INTEREST, COMPARE_MAX_PROVIDERS, COMPARE_MIN_PROVIDERS, DIRECTORY_MAX_PAGE, DIRECTORY_SORTS, US_STATE_CODES } from './constants';
import { CompareMessages, DirectoryMessages } from './messages';

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
    sort: z.enum(DIRECTORY_SORTS, { error: DirectoryMessages.sortInvalid }).optional().default('rating'),
    page: z
      .string({ error: DirectoryMessages.pageInvalid })
      .regex(/^\d{1,4}$/, DirectoryMessages.pageInvalid)
      .transform(Number)
      .pipe(z.number().int().min(1, DirectoryMessages.pageInvalid).max(DIRECTORY_MAX_PAGE, DirectoryMessages.pageInvalid))
      .optional()
      .default(1),
    saved: z.literal('true', { error: DirectoryMessages.savedInvalid }).optional(),
  })
  .strict();
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
});
export type DirectoryResponse = z.infer<typeof directoryResponseSchema>;

export const savedProvidersResponseSchema = z.object({ providers: z.array(directoryProviderSchema) });
export type SavedProvidersResponse = z.infer<typeof savedProvidersResponseSchema>;

/** GET /saved-providers/{providerId}: whether the member keeps this provider (the profile's Save button). */
export const savedProviderStateSchema = z.object({ saved: z.boolean() });
export type SavedProviderState = z.infer<typeof savedProviderStateSchema>;

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
    zip: z
      .string({ error: CompareMessages.zipInvalid })
      .regex(/^\d{5}$/, CompareMessages.zipInvalid)
      .optional(),
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
