import path from 'node:path';
import { buildSync } from 'esbuild';

let built: string | undefined;

/** The contracts' browser entry (constants, messages and check digits; no zod): what the script's `@altmed/contracts` is, as in the front ends. */
const contractsForTheBrowser = path.join(path.dirname(require.resolve('@altmed/contracts/package.json')), 'src', 'web.ts');

/** The Stripe.js stand-in (browser/stripe-js.ts) as one plain script, built on first use. */
export function browserScript(): string {
  built ??= buildSync({
    entryPoints: [path.join(__dirname, 'browser', 'stripe-js.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    legalComments: 'none',
    alias: { '@altmed/contracts': contractsForTheBrowser },
  }).outputFiles[0]!.text;
  return built;
}
