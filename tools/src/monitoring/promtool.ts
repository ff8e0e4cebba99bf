import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ensureGoTool } from '../go-tools';

const execFileAsync = promisify(execFile);
/** Prometheus' own checker of rule files; keep in step with .ci/run. */
export const PROMTOOL_MODULE = 'github.com/prometheus/prometheus/cmd/promtool@v0.316.0';

/** Returns a working promtool, building it into .tools/bin on first use. */
export const ensurePromtool = () => ensureGoTool({ name: 'promtool', module: PROMTOOL_MODULE, versionArgs: ['--version'] });

/** Runs promtool with these arguments in `cwd`; answers its output whether it passed or not. */
export async function runPromtool(args: string[], cwd: string): Promise<{ passed: boolean; output: string }> {
  const binary = await ensurePromtool();
  try {
    const { stdout, stderr } = await execFileAsync(binary, args, { cwd });
    return { passed: true, output: `${stdout}${stderr}` };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { passed: false, output: `${stdout}${stderr}` };
  }
}
