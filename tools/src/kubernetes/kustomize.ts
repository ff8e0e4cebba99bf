import { execFile } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { ensureGoTool } from '../go-tools';
import { repoRoot } from '../paths';

const execFileAsync = promisify(execFile);
// v5.8 and later need a newer Go than the machines have (FIELD-NOTES); keep in step with .ci/run.
export const KUSTOMIZE_MODULE = 'sigs.k8s.io/kustomize/kustomize/v5@v5.7.1';

export const kustomizationsDir = path.join(repoRoot, 'deploy', 'k8s');

/** A Kubernetes object as rendered: only the fields every object has are typed. */
export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/** Returns a working kustomize, building it into .tools/bin on first use. */
export const ensureKustomize = () => ensureGoTool({ name: 'kustomize', module: KUSTOMIZE_MODULE, versionArgs: ['version'] });

/** `kustomize build` of a folder under deploy/k8s (`base`, `overlays/production`…): the objects it renders. */
export async function renderKustomization(relativeDir: string): Promise<KubernetesObject[]> {
  const binary = await ensureKustomize();
  const { stdout } = await execFileAsync(binary, ['build', path.join(kustomizationsDir, relativeDir)], { maxBuffer: 16 * 1024 * 1024 });
  return parseAllDocuments(stdout).map((document) => {
    if (document.errors.length > 0) throw new Error(`kustomize rendered invalid YAML: ${document.errors[0]!.message}`);
    return document.toJS() as KubernetesObject;
  });
}

/** The kustomizations to render: the base and every folder under overlays/. */
export function kustomizationFolders(): string[] {
  const overlays = fs.readdirSync(path.join(kustomizationsDir, 'overlays'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return ['base', ...overlays.map((entry) => `overlays/${entry.name}`)];
}
