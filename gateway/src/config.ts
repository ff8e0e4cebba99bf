import path from 'node:path';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { ConfigError, httpEnv, loadConfig } from '@altmed/service-kit';

const repoRoot = path.resolve(__dirname, '../..');
const distOf = (workspace: string) => path.join(repoRoot, workspace, 'dist');

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' });
const serviceUrl = (defaultPort: number) => httpUrl.default(`http://127.0.0.1:${defaultPort}`);
const folder = (fallback: string) =>
  z
    .string()
    .min(1)
    .default(fallback)
    .transform((value) => path.resolve(value));
const remoteEntry = (fallback: string) =>
  z
    .string()
    .regex(/^(https?:\/\/|\/)/, 'must be an http(s):// URL or a path starting with /')
    .default(fallback);

export const officialStripeJs = 'https://js.stripe.com/v3/';

const originList = (fallback: string) =>
  z
    .string()
    .regex(/^[^;'",]*$/, 'must be origins separated by spaces')
    .default(fallback)
    .transform((value) => value.split(/\s+/).filter(Boolean));

/** Addresses and subnets separated by commas (`loopback`, `uniquelocal`, `10.0.0.0/8`), as proxy-addr reads them; unset: none. */
const proxyAddresses = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const addresses = (value ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean);
    try {
      // A bare number would be read as an IPv4 address (2 is 0.0.0.2), not as the hop count TRUST_PROXY takes.
      if (addresses.some((address) => /^\d+$/.test(address))) throw new Error('a number');
      proxyaddr.compile(addresses);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be addresses or subnets separated by commas, such as loopback, uniquelocal or 10.0.0.0/8' });
      return z.NEVER;
    }
    return addresses;
  });

export const gatewayEnv = {
  // The gateway is the edge: it trusts no X-Forwarded-For unless TRUST_PROXY names its ingress.
  ...httpEnv(8080, 'false'),
  /**
   * The proxy in front of the gateway whose x-request-id it keeps (one that makes its own ids). A
   * request from anywhere else, or every request when unset, gets an id the gateway makes.
   */
  REQUEST_ID_PROXY: proxyAddresses,
  /** Where the gateway serves `/metrics`, apart from the site (0: any free port): Prometheus scrapes it, browsers never reach it. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(9464),
  IDENTITY_URL: serviceUrl(4001),
  PROVIDERS_URL: serviceUrl(4002),
  BILLING_URL: serviceUrl(4003),
  NOTIFY_URL: serviceUrl(4004),
  /** When set, pages come from this upstream (the shell's own container) instead of SHELL_DIST. */
  SHELL_URL: httpUrl.optional(),
  SHELL_DIST: folder(distOf('shell')),
  MEMBER_DIST: folder(distOf('mfe-member')),
  PROVIDER_DIST: folder(distOf('mfe-provider')),
  ADMIN_DIST: folder(distOf('mfe-admin')),
  REMOTE_MEMBER_ENTRY: remoteEntry('/remotes/member/mf-manifest.json'),
  REMOTE_PROVIDER_ENTRY: remoteEntry('/remotes/provider/mf-manifest.json'),
  REMOTE_ADMIN_ENTRY: remoteEntry('/remotes/admin/mf-manifest.json'),
  PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  READY_TIMEOUT_MS: z.coerce.number().int().min(50).default(2_000),
  CSP_MODE: z.enum(['enforce', 'report-only', 'off']).default('enforce'),
  /**
   * Where uploaded files are read from and PUT to (S3's public URL; locally the s3rver of the
   * stack). Uploads are images: these origins go into img-src and connect-src only, never into a
   * directive that runs or frames what they serve.
   */
  CSP_UPLOAD_ORIGINS: originList('http://127.0.0.1:4569'),
  /** Where the provider profile's map tiles come from (OpenStreetMap's): tiles are images, so these go into img-src only. */
  CSP_MAP_TILE_ORIGINS: originList('https://tile.openstreetmap.org'),
  /** Pages the site may frame besides its own (the map embed). */
  CSP_FRAME_ORIGINS: originList('https://www.google.com'),
  /** When set (pk_test_… or pk_live_…), the pages may load Stripe.js from STRIPE_JS_URL and call Stripe. */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^(pk_(test|live)_[A-Za-z0-9]+)?$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional()
    .transform((value) => value || undefined),
  /** Stripe.js itself, or locally the Stripe emulator's stand-in (its origin also answers the API calls). */
  STRIPE_JS_URL: httpUrl.default(officialStripeJs),
};

export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(gatewayEnv, env);
  // A live key never runs against anything but Stripe's own script: the emulator is for test keys.
  if (config.STRIPE_PUBLISHABLE_KEY?.startsWith('pk_live_') && new URL(config.STRIPE_JS_URL).origin !== new URL(officialStripeJs).origin)
    throw new ConfigError(`Invalid configuration:\n  STRIPE_JS_URL: must be ${officialStripeJs} with a live publishable key`);
  return config;
}

export type ServiceName = 'identity' | 'providers' | 'billing' | 'notify';

export function servicesOf(config: GatewayConfig): Record<ServiceName, string> {
  return { identity: config.IDENTITY_URL, providers: config.PROVIDERS_URL, billing: config.BILLING_URL, notify: config.NOTIFY_URL };
}

export interface Remote {
  /** The federation name the shell registers it under. */
  name: string;
  /** Where the gateway serves its files when they are deployed with it. */
  mountPath: string;
  dist: string;
  /** URL of its mf-manifest.json, published in /remotes.json. */
  entry: string;
}

export function remotesOf(config: GatewayConfig): Remote[] {
  return [
    { name: 'mfe_member', mountPath: '/remotes/member', dist: config.MEMBER_DIST, entry: config.REMOTE_MEMBER_ENTRY },
    { name: 'mfe_provider', mountPath: '/remotes/provider', dist: config.PROVIDER_DIST, entry: config.REMOTE_PROVIDER_ENTRY },
    { name: 'mfe_admin', mountPath: '/remotes/admin', dist: config.ADMIN_DIST, entry: config.REMOTE_ADMIN_ENTRY },
  ];
}
