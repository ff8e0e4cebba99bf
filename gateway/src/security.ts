import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import helmet, { type HelmetOptions } from 'helmet';
import type { GatewayConfig, Remote } from './config';

export type HeaderSet = ReadonlyArray<readonly [name: string, value: string]>;

export interface SecurityHeaders {
  /** For pages and the front-end files: CSP of the site. */
  page: HeaderSet;
  /** For /api answers, which are never rendered: a CSP that allows nothing. */
  api: HeaderSet;
  /**
   * Every header this policy decides, sent or not (both kinds of CSP, whatever CSP_MODE says), in
   * lower case: a proxied answer's own values for them (a service's helmet defaults) are dropped.
   */
  names: ReadonlySet<string>;
}

const stripe = { script: 'https://js.stripe.com', frames: ['https://js.stripe.com', 'https://hooks.stripe.com'], api: 'https://api.stripe.com' };

/**
 * What the pages need for Stripe.js: nothing without a publishable key; Stripe's script, frames and
 * API with the real script; the emulator's origin alone (script and API calls, no frames) with the
 * local Stripe emulator's stand-in.
 */
function stripeSources(config: GatewayConfig): { script: string[]; connect: string[]; frames: string[] } {
  if (!config.STRIPE_PUBLISHABLE_KEY) return { script: [], connect: [], frames: [] };
  const origin = new URL(config.STRIPE_JS_URL).origin;
  if (origin === stripe.script) return { script: [stripe.script], connect: [stripe.api], frames: stripe.frames };
  return { script: [origin], connect: [origin], frames: [] };
}

/**
 * The Content-Security-Policy directives of the pages. Scripts come from our own origin, the remotes'
 * origins (taken from their entries, the shell loads their code) and Stripe.js only when a
 * publishable key is set. Upload origins serve images and take PUTs: img-src and connect-src, nothing that runs.
 * Map tile origins serve images only: img-src.
 */
export function pageDirectives(config: GatewayConfig, remotes: Remote[]): Record<string, string[] | null> {
  const remoteOrigins = remotes.flatMap(({ entry }) => (/^https?:\/\//.test(entry) ? [new URL(entry).origin] : []));
  const stripeJs = stripeSources(config);
  const unique = (...origins: string[]) => [...new Set(origins)];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: unique("'self'", ...remoteOrigins, ...stripeJs.script),
    // Module Federation fetches the remotes' manifests and chunks.
    connectSrc: unique("'self'", ...remoteOrigins, ...config.CSP_UPLOAD_ORIGINS, ...stripeJs.connect),
    styleSrc: unique("'self'", "'unsafe-inline'", ...remoteOrigins),
    imgSrc: unique("'self'", 'data:', 'blob:', ...config.CSP_UPLOAD_ORIGINS, ...config.CSP_MAP_TILE_ORIGINS),
    fontSrc: ["'self'", 'data:'],
    frameSrc: unique("'self'", ...config.CSP_FRAME_ORIGINS, ...stripeJs.frames),
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    scriptSrcAttr: ["'none'"],
    // Plain-http deployments (local, compose) must keep working.
    upgradeInsecureRequests: null,
  };
}

const apiDirectives = { defaultSrc: ["'none'"], frameAncestors: ["'none'"], upgradeInsecureRequests: null };

/**
 * helmet's headers, computed once: the policy never changes while the gateway runs, so each
 * response only copies a ready list instead of running helmet's middlewares.
 */
export function securityHeaders(config: GatewayConfig, remotes: Remote[]): SecurityHeaders {
  const reportOnly = config.CSP_MODE === 'report-only';
  const policy = (directives: Record<string, string[] | null>): HelmetOptions['contentSecurityPolicy'] =>
    config.CSP_MODE === 'off' ? false : { useDefaults: false, reportOnly, directives };
  const page = headersOf({ contentSecurityPolicy: policy(pageDirectives(config, remotes)), xFrameOptions: { action: 'deny' } });
  const api = headersOf({ contentSecurityPolicy: policy(apiDirectives), xFrameOptions: { action: 'deny' } });
  const names = new Set(['content-security-policy', 'content-security-policy-report-only', ...[...page, ...api].map(([name]) => name.toLowerCase())]);
  return { page, api, names };
}

/** Runs helmet once against a response that only records the headers it is given. */
function headersOf(options: HelmetOptions): HeaderSet {
  const headers: OutgoingHttpHeaders = {};
  const recorder = {
    setHeader: (name: string, value: string) => (headers[name] = value),
    removeHeader: (name: string) => delete headers[name],
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder, (err?: unknown) => (failure = err));
  if (failure) throw failure instanceof Error ? failure : new Error(inspect(failure));
  return Object.entries(headers).map(([name, value]) => [name, String(value)] as const);
}

export function applyHeaders(res: ServerResponse, headers: HeaderSet): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}
