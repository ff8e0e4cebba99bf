import path from 'node:path';
import type { ServerResponse } from 'node:http';
import express, { Router, type RequestHandler } from 'express';
import { notFoundHandler } from '@altmed/service-kit';
import type { PaymentConfig } from '@altmed/contracts';
import type { GatewayConfig, Remote } from '../config';

// webpack's [contenthash] in a file name: the content never changes under that name.
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

/** Hashed assets are cached for a year; everything else (index.html, mf-manifest.json, remoteEntry.js) is revalidated. */
function setCacheHeaders(res: ServerResponse, filePath: string): void {
  res.setHeader('Cache-Control', HASHED_FILE.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

const staticOptions = { setHeaders: setCacheHeaders, redirect: false, fallthrough: true };

/**
 * The shell's files, with the SPA fallback: a GET for a path without a file extension answers
 * index.html so the router can take it. A missing build answers 404, it does not stop the gateway.
 */
export function shellFiles(dist: string): Router {
  const router = Router();
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
    router.use(remote.mountPath.replace(/^\/remotes/, ''), express.static(remote.dist, { ...staticOptions, index: false }));
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
