import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../..');
export const defaultDataDir = path.join(repoRoot, '.data');
export const toolsBinDir = path.join(repoRoot, '.tools', 'bin');

export function logsDirOf(dataDir: string): string {
  return path.join(dataDir, 'logs');
}
