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

/**
 * Sends the build's Brotli or gzip copy of a file (`main.1a2b3c4d.js.br`) to a browser that
 * accepts it; a file without one goes on to express.static (and the compression middleware).
 * Looked up on each request, not listed at start: a redeploy writes new files while the gateway runs.
 */
function precompressedFiles(dist: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Brotli whenever it is accepted at all, as nginx's brotli_static does: browsers list both at the same weight.
    const copy = PRECOMPRESSED.find(({ encoding }) => req.acceptsEncodings(encoding) === encoding);
    const type = mime.contentType(path.extname(req.path));
    if (!copy || !type) return next();
    const headers = {
      'Content-Encoding': copy.encoding,
      'Content-Type': type,
      'Cache-Control': cacheControlFor(req.path),
      Vary: 'Accept-Encoding',
    };
    // send() resolves the path under root and refuses `..`; a missing copy falls through to the file itself.
    res.sendFile(`${req.path}${copy.extension}`, { root: dist, dotfiles: 'ignore', headers, lastModified: true }, (err?: NodeJS.ErrnoException) => {
      if (err && !res.headersSent) next();
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
