import path from 'node:path';
import { buildSync } from 'esbuild';

let built: string | undefined;

/** The Stripe.js stand-in (browser/stripe-js.ts) as one plain script, built on first use. */
export function browserScript(): string {
  built ??= buildSync({
    entryPoints: [path.join(__dirname, 'browser', 'stripe-js.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    legalComments: 'none',
  }).outputFiles[0]!.text;
  return built;
}
