import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const repoRoot = path.resolve(__dirname, '..', '..');
const eslintBin = path.join(repoRoot, 'node_modules', '.bin', 'eslint');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

/**
 * Lints `source` as if it were the file `fileName` (given on stdin, nothing is written) with the
 * repository's ESLint config. The probe is an .mjs file: plain JavaScript needs no tsconfig, and the
 * import boundaries hold for every file under an app's folder alike.
 */
async function importRuleMessages(fileName: string, source: string): Promise<LintMessage[]> {
  const run = promisify(execFile)(eslintBin, ['--no-cache', '--format', 'json', '--stdin', '--stdin-filename', fileName], { cwd: repoRoot });
  run.child.stdin?.end(source);
  // ESLint exits 1 when it reports errors; its JSON report is on stdout either way.
  const { stdout } = await run.catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const [result] = JSON.parse(stdout) as { messages: LintMessage[] }[];
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === null);
}

describe('import boundaries between apps and services (eslint.config.mjs)', () => {
  jest.setTimeout(60_000);

  it("forbids an app from importing another app's source by a relative path", async () => {
    const messages = await importRuleMessages(
      'gateway/src/lint-probe.mjs',
      "import { startIdentityService } from '../../svc-identity/src/service';\nexport const probe = startIdentityService;\n",
    );
    expect(messages.map((message) => message.ruleId)).toEqual(['no-restricted-imports']);
    expect(messages[0]?.message).toContain("never another app's");
  });

  it("forbids an app from importing another app's source by its folder name", async () => {
    const messages = await importRuleMessages(
      'mfe-admin/src/lint-probe.mjs',
      "import { Header } from 'shell/src/features/layout/components/Header';\nexport const probe = Header;\n",
    );
    expect(messages.map((message) => message.ruleId)).toEqual(['no-restricted-imports']);
  });

  it("forbids importing a package's internals, except the documented test helpers", async () => {
    const internals = await importRuleMessages(
      'svc-notify/src/lint-probe.mjs',
      "import { EventBroker } from '@altmed/service-kit/src/broker';\nexport const probe = EventBroker;\n",
    );
    expect(internals.map((message) => message.ruleId)).toEqual(['no-restricted-imports']);
    expect(internals[0]?.message).toContain('entry point');

    const allowed = await importRuleMessages(
      'svc-notify/src/lint-probe.mjs',
      "import { EventBroker } from '@altmed/service-kit';\nimport { eventually } from '@altmed/local-stack/src/testing';\nexport const probe = [EventBroker, eventually];\n",
    );
    expect(allowed).toEqual([]);
  });
});
