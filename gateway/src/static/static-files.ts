import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import express, { Router, type RequestHandler } from 'express';
import mime from 'mime-types';
import { notFoundHandler } from '@altmed/service-kit';
import type { PaymentConfig } from '@altmed/contracts';
import type { GatewayConfig, Remote } from '../config';

// webpack's [contenthash] in a file name: the content never changes under that name.
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

/** Hashed assets are cached for a year; everything else (index.html, mf-manifest.json, remoteEntry.js) is revalidated. */
function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function setCacheHeaders(res: ServerResponse, filePath: string): void {
  res.setHeader('Cache-Control', cacheControlFor(filePath));
}

const staticOptions = { setHeaders: setCacheHeaders, redirect: false, fallthrough: true };

/** The compressed copies web-build writes beside each script, manifest and icon, best first. */
const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

/** The files web-build writes copies of (`precompressPlugins` in packages/web-build/webpack.js). */
const PRECOMPRESSED_TYPES = new Set(['.js', '.json', '.svg']);

/** The request's path as a file path under the build, or null for one that is malformed, leaves the build or names a dotfile. */
function buildFilePath(requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((segment) => segment.startsWith('.'))) return null;
  return decoded;
}

/**
 * Sends the build's Brotli or gzip copy of a file (`main.1a2b3c4d.js.br`) to a browser that
 * accepts it; a file without one goes on to express.static (and the compression middleware).
 * Looked up on each request, not listed at start: a redeploy writes new files while the gateway runs.
 */
function precompressedFiles(dist: string): RequestHandler {
  const isFile = (file: string) =>
    fs.promises.stat(path.join(dist, file)).then(
      (stats) => stats.isFile(),
      () => false,
    );
  return async (req, res, next) => {
    const file = buildFilePath(req.path);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !file || !PRECOMPRESSED_TYPES.has(path.extname(file))) return next();
    // Brotli whenever it is accepted at all, as nginx's brotli_static does: browsers list both at the same weight.
    let copy: (typeof PRECOMPRESSED)[number] | undefined;
    for (const candidate of PRECOMPRESSED.filter(({ encoding }) => req.acceptsEncodings(encoding) === encoding)) {
      if (await isFile(`${file}${candidate.extension}`)) {
        copy = candidate;
        break;
      }
    }
    if (!copy) return next();
    const headers = {
      'Content-Encoding': copy.encoding,
      'Content-Type': mime.contentType(path.extname(file)) || 'application/octet-stream',
      'Cache-Control': cacheControlFor(file),
      Vary: 'Accept-Encoding',
    };
    // No ranges: a range of the compressed bytes is of no use to a page, and a refused one would leave its headers behind.
    res.sendFile(`${file}${copy.extension}`, { root: dist, headers, acceptRanges: false, lastModified: true }, (err?: Error) => {
      if (!err || res.headersSent) return;
      // A failed precondition, or the copy gone since the stat (a redeploy): answer as for the file itself.
      for (const header of [...Object.keys(headers), 'ETag', 'Last-Modified']) res.removeHeader(header);
      next();
    });
  };
}

/**
 * The shell's files, with the SPA fallback: a GET for a path without a file extension answers
 * index.html so the router can take it. A missing build answers 404, it does not stop the gateway.
 */
export function shellFiles(dist: string): Router {
  const router = Router();
  router.use(precompressedFiles(dist));
  router.use(express.static(dist, staticOptions));
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path.posix.extname(req.path) !== '') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile('index.html', { root: dist }, (err?: NodeJS.ErrnoException) => {
      if (!err || res.headersSent) return;
      if (err.code !== 'ENOENT') return next(err);
      res.status(404).type('text/plain').send('The site is not built yet: run `npm run build -w shell`.\n');
    });
  });
  return router;
}

/**
 * `/remotes/*`: each remote's files, readable from any origin (the shell may be served from
 * another one); anything else under /remotes is a 404, never the SPA page.
 */
export function remoteFiles(remotes: Remote[]): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    next();
  });
  for (const remote of remotes) {
    const mountPath = remote.mountPath.replace(/^\/remotes/, '');
    router.use(mountPath, precompressedFiles(remote.dist));
    router.use(mountPath, express.static(remote.dist, { ...staticOptions, index: false }));
  }
  router.use(notFoundHandler);
  return router;
}

/** Card entry for the join flow: Stripe.js's address and the publishable key, or null when payments are not set up. */
export function paymentConfigDocument(config: Pick<GatewayConfig, 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_JS_URL'>): RequestHandler {
  const body: PaymentConfig = {
    stripe: config.STRIPE_PUBLISHABLE_KEY ? { publishableKey: config.STRIPE_PUBLISHABLE_KEY, scriptUrl: config.STRIPE_JS_URL } : null,
  };
  return (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(body);
  };
}

export function remotesDocument(remotes: Remote[]): RequestHandler {
  const body = { remotes: remotes.map(({ name, entry }) => ({ name, entry })) };
  return (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(body);
  };
}
