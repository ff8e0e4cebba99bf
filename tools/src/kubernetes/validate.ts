import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export interface SchemaProblem {
  kind: string;
  name: string;
  problem: string;
}

/** Every problem the Kubernetes API's schemas find in these objects (none: an empty list). */
export async function schemaProblemsOf(objects: unknown[]): Promise<SchemaProblem[]> {
  const run = promisify(execFile)(process.execPath, [path.join(__dirname, 'validate-objects.mjs')], { maxBuffer: 16 * 1024 * 1024 });
  run.child.stdin?.end(JSON.stringify(objects));
  const { stdout } = await run;
  return JSON.parse(stdout) as SchemaProblem[];
}
