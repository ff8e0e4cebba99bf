// Checks Kubernetes objects against the Kubernetes API's schemas, offline, with the kubernetes-models
// package (ES modules only, so this runs as a script of its own). Input: a JSON array of objects on
// stdin. Output: a JSON array of { kind, name, problem }, empty when every object is valid.
import { text } from 'node:stream/consumers';

/** kubernetes-models/<group>/<version>/<Kind>; the core group (apiVersion "v1") is kubernetes-models/v1/<Kind>. */
async function modelOf(apiVersion, kind) {
  try {
    const module = await import(`kubernetes-models/${apiVersion}/${kind}`);
    return module[kind];
  } catch {
    return undefined;
  }
}

const objects = JSON.parse(await text(process.stdin));
const problems = [];
for (const object of objects) {
  const name = object?.metadata?.name ?? '(no name)';
  const Model = await modelOf(object?.apiVersion, object?.kind);
  if (!Model) {
    problems.push({ kind: object?.kind, name, problem: `no Kubernetes schema for ${object?.apiVersion} ${object?.kind}` });
    continue;
  }
  try {
    new Model(object).validate();
  } catch (error) {
    problems.push({ kind: object.kind, name, problem: error instanceof Error ? error.message : String(error) });
  }
}
process.stdout.write(JSON.stringify(problems));
