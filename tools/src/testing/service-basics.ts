import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The behaviour every service shares, checked against the real running service: alive, ready
 * once its database and broker are reachable, and `{ message }` with a request id for a path it
 * does not have.
 */
export function itServesHealthReadinessAndNotFound(url: () => string, unknownPath: string): void {
  it('is alive', async () => {
    const response = await fetch(`${url()}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('is ready once its database and the broker are reachable', async () => {
    const response = await fetch(`${url()}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', checks: { database: true, broker: true } });
  });

  it('answers 404 { message } with a request id for a path it does not have', async () => {
    const response = await fetch(`${url()}${unknownPath}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });
}

/** Runs a service's main.ts with a bad variable: it must exit 1 naming that variable. */
export function itRefusesToStartWithABadVariable(serviceName: string, mainFile: string, env: Record<string, string> = {}): void {
  it('stops start-up with a message naming the bad variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', mainFile], {
      env: { PATH: process.env.PATH, MONGO_URL: 'mongodb://127.0.0.1:1', ...env, LOG_LEVEL: 'loud' },
      encoding: 'utf8',
      cwd: path.dirname(path.dirname(mainFile)),
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`${serviceName} failed to start: Invalid configuration:\\s+LOG_LEVEL`));
  });
}
