import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
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

/** The largest file answered from memory (`sendSnapshot`); the entry files are a few KB. */
const SNAPSHOT_MAX_BYTES = 1024 * 1024;

/** A file a build writes again under the same name (index.html, remoteEntry.js, mf-manifest.json), unlike a hashed one. */
function isRewrittenInPlace(file: string): boolean {
  return !HASHED_FILE.test(path.basename(file));
}

/**
 * Answers with one read of one open file, for a file a build writes again under its name: web-build
 * renames each new version into place, and a stat then an open (express.static) could pair one
 * version's length with the other's bytes: a body cut short, or a request left waiting for bytes
 * that never come. Express adds the ETag and answers a revalidation with 304. False when there is no such file.
 */
async function sendSnapshot(res: Response, filePath: string, headers: Record<string, string>): Promise<boolean> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(filePath, 'r');
  } catch (error) {
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return false;
    throw error;
  }
  try {
    const stats = await handle.stat();
    // A large file is not one a build rewrites (those are a page, an entry, a manifest): it streams.
    if (!stats.isFile() || stats.size > SNAPSHOT_MAX_BYTES) return false;
    const body = await handle.readFile();
    res.set({ ...headers, 'Last-Modified': stats.mtime.toUTCString() });
    res.send(body);
    return true;
  } finally {
    await handle.close();
  }
}

/** The build's Brotli or gzip copy of a file (`main.1a2b3c4d.js.br`) that the browser accepts, if there is one. */
async function precompressedCopy(dist: string, file: string, req: Request): Promise<(typeof PRECOMPRESSED)[number] | undefined> {
  if (!PRECOMPRESSED_TYPES.has(path.extname(file))) return undefined;
  // Brotli whenever it is accepted at all, as nginx's brotli_static does: browsers list both at the same weight.
  for (const candidate of PRECOMPRESSED.filter(({ encoding }) => req.acceptsEncodings(encoding) === encoding)) {
    const isFile = await fs.promises.stat(path.join(dist, `${file}${candidate.extension}`)).then(
      (stats) => stats.isFile(),
      () => false,
    );
    if (isFile) return candidate;
  }
  return undefined;
}

/**
 * Sends a file's compressed copy to a browser that accepts it, and a file a build rewrites from a
 * snapshot; a hashed file without a copy goes on to express.static (and the compression middleware).
 * Looked up on each request, not listed at start: a redeploy writes new files while the gateway runs.
 */
function buildFiles(dist: string): RequestHandler {
  return async (req, res, next) => {
    const file = buildFilePath(req.path);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !file || path.extname(file) === '') return next();
    try {
      const copy = await precompressedCopy(dist, file, req);
      const type = mime.contentType(path.extname(file)) || 'application/octet-stream';
      const headers = {
        'Content-Type': type,
        'Cache-Control': cacheControlFor(file),
        ...(copy ? { 'Content-Encoding': copy.encoding, Vary: 'Accept-Encoding' } : {}),
      };
      if (isRewrittenInPlace(file)) {
        const sent =
          (copy && (await sendSnapshot(res, path.join(dist, `${file}${copy.extension}`), headers))) ||
          (await sendSnapshot(res, path.join(dist, file), { 'Content-Type': type, 'Cache-Control': cacheControlFor(file) }));
        return sent ? undefined : next();
      }
      if (!copy) return next();
      // No ranges: a range of the compressed bytes is of no use to a page, and a refused one would leave its headers behind.
      res.sendFile(`${file}${copy.extension}`, { root: dist, headers, acceptRanges: false, lastModified: true }, (err?: Error) => {
        if (!err || res.headersSent) return;
        // A failed precondition, or the copy gone since the stat (a redeploy): answer as for the file itself.
        for (const header of [...Object.keys(headers), 'ETag', 'Last-Modified']) res.removeHeader(header);
        next();
      });
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The shell's files, with the SPA fallback: a GET for a path without a file extension answers
 * index.html so the router can take it. A missing build answers 404, it does not stop the gateway.
 */
export function shellFiles(dist: string): Router {
  const router = Router();
  router.use(buildFiles(dist));
  router.use(express.static(dist, { ...staticOptions, index: false }));
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path.posix.extname(req.path) !== '') return next();
    sendSnapshot(res, path.join(dist, 'index.html'), { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).then((sent) => {
      if (!sent) res.status(404).type('text/plain').send('The site is not built yet: run `npm run build -w shell`.\n');
    }, next);
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
    router.use(mountPath, buildFiles(remote.dist));
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
