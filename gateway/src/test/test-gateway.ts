import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadGatewayConfig } from '../config';
import type { RunningService } from '@altmed/service-kit';
import { startGateway } from '../gateway';

export interface TestGateway {
  gateway: RunningService & { metricsPort: number };
  url: string;
  stop: () => Promise<void>;
}

/** A real gateway on a free port; front-end folders default to ones that do not exist. */
export async function startTestGateway(env: Record<string, string | undefined> = {}): Promise<TestGateway> {
  const nowhere = path.join(os.tmpdir(), 'gateway-test-no-such-dist');
  const config = loadGatewayConfig({
    PORT: '0',
    METRICS_PORT: '0',
    LOG_LEVEL: 'silent',
    SHELL_DIST: nowhere,
    MEMBER_DIST: nowhere,
    PROVIDER_DIST: nowhere,
    ADMIN_DIST: nowhere,
    ...env,
  });
  const gateway = await startGateway(config);
  return {
    gateway,
    url: `http://127.0.0.1:${gateway.port}`,
    async stop() {
      gateway.server.closeAllConnections();
      await gateway.stop();
    },
  };
}

/** Writes `files` (relative path → content) under a new temporary folder and returns it. */
export function tempFolder(files: Record<string, string | Buffer>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-dist-'));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}
