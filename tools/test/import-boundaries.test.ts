import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const repoRoot = path.resolve(__dirname, '..', '..');
const eslintBin = path.join(repoRoot, 'node_modules', '.bin', 'eslint');

interface LintMessage {
  ruleId: string | null;
  message: string;
  line: number;
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
  return (result?.messages ?? []).filter((message) => message.ruleId === null || importRules.includes(message.ruleId));
}

/** The rules that hold the boundaries: no-restricted-imports, and no-restricted-syntax for `import()`. */
const importRules = ['no-restricted-imports', 'no-restricted-syntax'];

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

describe('features inside a front end (eslint.config.mjs: featureBoundaries, sharedAndAppBoundaries)', () => {
  jest.setTimeout(60_000);

  /** The line of each import `source` (one import a line) may not make as `fileName`, with the rule that says so. */
  async function refusedLines(fileName: string, source: string[]): Promise<[number, string | null][]> {
    const messages = await importRuleMessages(fileName, `${source.join('\n')}\n`);
    return messages.map((message) => [message.line, message.ruleId]);
  }

  it('forbids shared code (src/lib, src/components, src/hooks, …) from importing a feature at all', async () => {
    const messages = await importRuleMessages(
      'shell/src/lib/lint-probe.mjs',
      "export { JoinDialog } from '../features/join';\nexport const probe = () => import('../features/account');\n",
    );
    expect(messages.map((message) => [message.line, message.ruleId])).toEqual([
      [1, 'no-restricted-imports'],
      [2, 'no-restricted-syntax'],
    ]);
    expect(messages[0]?.message).toContain('Shared code (src/components, src/federation, src/lib, src/test) never imports a feature');
  });

  it('lets the app enter a feature through its index only, statically or lazily', async () => {
    const lines = await refusedLines('shell/src/app/lint-probe.mjs', [
      "export { JoinDialog } from '../features/join/components/JoinDialog';",
      "export const deep = () => import('../features/account/components/AccountPage');",
      "export { LoginDialog } from '../features/auth';",
      "export const lazy = () => import('../features/account');",
    ]);
    expect(lines).toEqual([
      [1, 'no-restricted-imports'],
      [2, 'no-restricted-syntax'],
    ]);
  });

  it("keeps a feature's files off its own index and out of other features' folders", async () => {
    const lines = await refusedLines('shell/src/features/join/components/lint-probe.mjs', [
      "export { JoinDialog as ownIndex } from '..';",
      "export { JoinDialog as ownIndexFile } from '../index';",
      "export { JoinDialog as ownIndexByName } from '../../join';",
      "export { logIn as deep } from '../../auth/api/auth';",
      "export const lazyDeep = () => import('../../auth/api/auth');",
      "export { logIn } from '../../auth';",
      "export { JoinDialog } from './JoinDialog';",
    ]);
    expect(lines).toEqual([
      [1, 'no-restricted-imports'],
      [2, 'no-restricted-imports'],
      [3, 'no-restricted-imports'],
      [4, 'no-restricted-imports'],
      [5, 'no-restricted-syntax'],
    ]);
  });
});
