import { generateKeyPairSync, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eventually, freePorts } from '../net';
import { repoRoot } from '../paths';
import { describeExit, exitOf, spawnLoggedToFile, stopProcess } from '../processes';
import { dropDatabase } from './service-under-test';

export interface TestAccount {
  token: string;
  id: string;
  email: string;
}

export interface IdentityProcess {
  url: string;
  database: string;
  /** Signs a new member up and answers its token. */
  signUp: () => Promise<TestAccount>;
  /** The administrator the process was started with. */
  logInAdmin: () => Promise<TestAccount>;
  /** GET /users/me with the account's token. */
  me: (account: TestAccount) => Promise<Record<string, unknown>>;
  stop: () => Promise<void>;
}

const ADMIN_PASSWORD = 'test-admin-password';

async function authenticated(url: string, body: unknown, expectedStatus: number): Promise<TestAccount> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== expectedStatus) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const { token, user } = (await response.json()) as { token: string; user: { id: string; email: string } };
  return { token, id: user.id, email: user.email };
}

const exitWithParent = pathToFileURL(path.join(__dirname, 'exit-with-parent.mjs')).href;

export interface ServiceProcess {
  url: string;
  database: string;
  stop: () => Promise<void>;
}

/**
 * A real service (`svc-…`) run from its source in a process of its own (services never import each
 * other's code), on a free port with a database and queues of its own, on the test file's broker,
 * logging to a file in the temporary folder. Resolves once its /readyz answers ready.
 */
export async function startServiceProcess(name: string, env: Record<string, string>): Promise<ServiceProcess> {
  const [port] = await freePorts(1);
  const id = randomUUID().slice(0, 8);
  const database = `${name.replace(/^svc-/, '')}_test_${id}`;
  const serviceDir = path.join(repoRoot, name);
  const logFile = path.join(os.tmpdir(), `${name}-${database}.log`);
  const { JWT_PRIVATE_KEY_FILE: _ignored, ...inherited } = process.env;
  const child = spawnLoggedToFile(process.execPath, ['--import', 'tsx', '--import', exitWithParent, path.join(serviceDir, 'src', 'main.ts')], {
    cwd: serviceDir,
    logFile,
    ipc: true,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      MONGO_DB: database,
      MONGO_DB_SUFFIX: '',
      EVENT_QUEUE_SUFFIX: `.test-${id}`,
      LOG_LEVEL: 'warn',
      EVENT_RETRY_FIRST_DELAY_MS: '100',
      EVENT_RETRY_MAX_DELAY_MS: '1000',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = exitOf(child).then((exit) => `${name} ${describeExit(exit)} (see ${logFile})`);
  await Promise.race([
    eventually(
      async () => ((await (await fetch(`${url}/readyz`)).json()) as { status?: string }).status === 'ready',
      30_000,
      `${name} did not get ready (see ${logFile})`,
    ),
    exited.then((message) => {
      throw new Error(message);
    }),
  ]).catch(async (err: unknown) => {
    await stopProcess(child);
    throw err;
  });
  return {
    url,
    database,
    async stop() {
      await stopProcess(child);
      await dropDatabase(database);
    },
  };
}

/**
 * A real svc-identity as another service's tests need it (tokens, JWKS, account status, and its
 * consumers on the test file's broker), with a signing key and an administrator of its own. Pass
 * its `url` as the service's IDENTITY_URL.
 */
export async function startIdentityProcess(env: Record<string, string> = {}): Promise<IdentityProcess> {
  const id = randomUUID().slice(0, 8);
  const adminEmail = `admin.${id}@example.com`;
  const { url, database, stop } = await startServiceProcess('svc-identity', {
    JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...env,
  });
  let counter = 0;
  return {
    url,
    database,
    signUp: () =>
      authenticated(
        `${url}/users/signup`,
        {
          name: 'Ada Lovelace',
          email: `ada.${id}.${(counter += 1)}.${randomUUID().slice(0, 4)}@example.com`,
          password: 'correct horse',
          contactInfo: { phone: '555-123-4567', address: '1 Main St', specialties: ['Nutrition'] },
        },
        201,
      ),
    logInAdmin: () => authenticated(`${url}/users/login`, { email: adminEmail, password: ADMIN_PASSWORD }, 200),
    async me(account) {
      const response = await fetch(`${url}/users/me`, { headers: { authorization: `Bearer ${account.token}` } });
      if (!response.ok) throw new Error(`/users/me answered ${response.status}`);
      return ((await response.json()) as { user: Record<string, unknown> }).user;
    },
    stop,
  };
}

/** A real svc-notify sending to the test run's SMTP sink, trusting the given identity. */
export function startNotifyProcess(identityUrl: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  return startServiceProcess('svc-notify', { IDENTITY_URL: identityUrl, ...env });
}
