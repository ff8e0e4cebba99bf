import { registerRemotes } from '@module-federation/enhanced/runtime';

/** Names of the remotes this shell knows how to mount. */
export type { RemoteName } from '@altmed/contracts/web';

export interface RemoteDescriptor {
  name: string;
  /** URL of the remote's mf-manifest.json. */
  entry: string;
}

/** Where deployment publishes the remote locations; nothing about them is baked into the build. */
export const REMOTES_CONFIG_URL = '/remotes.json';

/** Validates the `{ remotes: [{ name, entry }] }` document and resolves relative entries. */
export function parseRemotesConfig(value: unknown, baseUrl: string): RemoteDescriptor[] {
  const list = value && typeof value === 'object' ? (value as { remotes?: unknown }).remotes : undefined;
  if (!Array.isArray(list)) throw new Error('remotes.json: "remotes" must be a list');
  return list.flatMap((item: unknown) => {
    const { name, entry } = (item ?? {}) as { name?: unknown; entry?: unknown };
    if (typeof name !== 'string' || !name || typeof entry !== 'string' || !entry) return [];
    return [{ name, entry: new URL(entry, baseUrl).href }];
  });
}

let listed: Promise<RemoteDescriptor[]> | null = null;
let ready: Promise<RemoteDescriptor[]> | null = null;

/**
 * Fetches /remotes.json once per page load. A failure is remembered only until the next call, so
 * "Try again" can re-read the document.
 */
export function readRemotesConfig(fetchImpl: typeof fetch = fetch): Promise<RemoteDescriptor[]> {
  if (!listed) {
    listed = (async () => {
      // The page preloads it (index.html); the gateway serves it with `no-cache`, so a new deployment's list is read on the next load.
      const response = await fetchImpl(REMOTES_CONFIG_URL, { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered ${response.status}`);
      return parseRemotesConfig(await response.json(), window.location.href);
    })();
    listed.catch(() => {
      listed = null;
    });
  }
  return listed;
}

/** Reads /remotes.json and registers every remote with the federation runtime, once. Resolves with the registered remotes. */
export function ensureRemotesRegistered(fetchImpl: typeof fetch = fetch): Promise<RemoteDescriptor[]> {
  if (!ready) {
    ready = readRemotesConfig(fetchImpl).then((remotes) => {
      registerRemotes(remotes);
      return remotes;
    });
    ready.catch(() => {
      ready = null;
    });
  }
  return ready;
}
