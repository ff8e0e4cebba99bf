import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const repoRoot = path.resolve(__dirname, '..', '..');
const depcruise = path.join(repoRoot, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/**
 * The repository's import-graph rules (`.dependency-cruiser.cjs`, run by `npm run lint`) over a small
 * tree written to a temporary folder: each file is a path and the modules it imports.
 */
async function violationsOf(tree: Record<string, string[]>): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
  try {
    for (const [file, imports] of Object.entries(tree)) {
      fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      const lines = imports.map((line, index) => (line.startsWith('type ') ? `import type { T${index} } from '${line.slice(5)}';` : `import '${line}';`));
      fs.writeFileSync(path.join(dir, file), `${lines.join('\n')}\nexport type T = number;\n`);
    }
    const args = [depcruise, '--config', path.join(repoRoot, '.dependency-cruiser.cjs'), '--output-type', 'json', '--no-progress', ...Object.keys(tree)];
    // dependency-cruiser exits with the number of errors it found; its report is on stdout either way.
    const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: dir }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const { summary } = JSON.parse(stdout) as { summary: { violations: Violation[] } };
    return summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`).sort();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the import graph (.dependency-cruiser.cjs)', () => {
  jest.setTimeout(60_000);

  it('forbids a circle anywhere in the tree, of type-only imports too', async () => {
    // One circle, reported once; b's import of a is only a type's.
    expect(
      await violationsOf({
        'packages/kit/src/a.ts': ['./b'],
        'packages/kit/src/b.ts': ['type ./a'],
      }),
    ).toEqual([expect.stringMatching(/^no-circular: packages\/kit\/src\/[ab]\.ts -> packages\/kit\/src\/[ab]\.ts$/)]);
  });

  it("lets svc-providers' layers import downwards only", async () => {
    const allowed = {
      'svc-providers/src/config.ts': [],
      'svc-providers/src/uploads/images.ts': ['../config'],
      'svc-providers/src/providers/provider.model.ts': ['type ../uploads/images'],
      'svc-providers/src/providers/provider-changed.event.ts': [],
      'svc-providers/src/providers/signup.domain.ts': ['./provider.model', './provider-changed.event', '../uploads/images'],
      'svc-providers/src/search/provider-search.ts': ['../providers/provider.model', '../providers/signup.domain'],
      'svc-providers/src/reviews/reviews.domain.ts': ['type ../search/provider-search', '../providers/provider-changed.event'],
      'svc-providers/src/directory/directory.domain.ts': ['../reviews/reviews.domain', '../search/provider-search'],
      'svc-providers/src/directory/directory.routes.ts': ['./directory.domain'],
      'svc-providers/src/service.ts': ['./directory/directory.routes', './providers/signup.domain'],
    };
    expect(await violationsOf(allowed)).toEqual([]);

    expect(
      await violationsOf({
        ...allowed,
        // A feature reaching up to a higher one (type-only counts).
        'svc-providers/src/providers/signup.domain.ts': ['./provider.model', 'type ../search/provider-search'],
        'svc-providers/src/search/provider-search.ts': ['../providers/provider.model', '../reviews/reviews.domain'],
        'svc-providers/src/reviews/reviews.domain.ts': ['../providers/provider-changed.event'],
        // A leaf importing a feature, and a feature importing what wires it.
        'svc-providers/src/accounts/identity-accounts.ts': ['../reviews/reviews.domain'],
        'svc-providers/src/directory/directory.domain.ts': ['./directory.routes'],
        'svc-providers/src/directory/directory.routes.ts': [],
        // A folder placed in no layer.
        'svc-providers/src/wishlist/wishlist.domain.ts': ['../providers/provider.model'],
      }),
    ).toEqual([
      'providers-composition-on-top: svc-providers/src/directory/directory.domain.ts -> svc-providers/src/directory/directory.routes.ts',
      'providers-every-folder-in-a-layer: svc-providers/src/wishlist/wishlist.domain.ts -> svc-providers/src/providers/provider.model.ts',
      'providers-layers-providers: svc-providers/src/providers/signup.domain.ts -> svc-providers/src/search/provider-search.ts',
      'providers-layers-search: svc-providers/src/search/provider-search.ts -> svc-providers/src/reviews/reviews.domain.ts',
      'providers-shared-at-bottom: svc-providers/src/accounts/identity-accounts.ts -> svc-providers/src/reviews/reviews.domain.ts',
    ]);
  });
});
