import { z } from 'zod';
import { BUILD_VERSION_PATTERN, CLIENT_REPORTS_MAX, REMOTE_NAMES, SITE_AREAS, WEB_VITAL_NAMES } from './constants';

const buildVersion = z.string().regex(BUILD_VERSION_PATTERN);

/**
 * What a browser reports: no personal data, only which part of the site, which build, which
 * measure and its value. Strict: anything else is refused with 400.
 */
export const clientReportSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('remote-load-failure'), remote: z.enum(REMOTE_NAMES), buildVersion: buildVersion.optional() }),
  z.strictObject({
    kind: z.literal('web-vital'),
    name: z.enum(WEB_VITAL_NAMES),
    /** Milliseconds, or for CLS a unitless score. */
    value: z.number().min(0).max(600_000),
    area: z.enum(SITE_AREAS),
  }),
]);
export type ClientReport = z.infer<typeof clientReportSchema>;

export const clientReportsRequestSchema = z.strictObject({ reports: z.array(clientReportSchema).min(1).max(CLIENT_REPORTS_MAX) });
export type ClientReportsRequest = z.infer<typeof clientReportsRequestSchema>;
