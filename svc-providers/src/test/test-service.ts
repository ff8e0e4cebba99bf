import { randomUUID } from 'node:crypto';
import { loadProvidersConfig } from '../config';
import { startProvidersService, type ProvidersService } from '../service';

export interface TestProviders {
  service: ProvidersService;
  url: string;
  database: string;
  stop(): Promise<void>;
}

/** A real svc-providers on a free port with its own database on the local stack's MongoDB server. */
export async function startTestProviders(env: Record<string, string> = {}): Promise<TestProviders> {
  const database = `providers_test_${randomUUID().slice(0, 8)}`;
  const config = loadProvidersConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    MONGO_DB: database,
    MONGO_DB_SUFFIX: '',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const service = await startProvidersService(config);
  return {
    service,
    database,
    url: `http://127.0.0.1:${service.port}`,
    async stop() {
      await new Promise<void>((resolve) => service.server.close(() => resolve()));
      await service.close();
    },
  };
}

/** Polls until `probe` answers true; the broker connects in the background after start. */
export async function eventually(probe: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
