import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { isRemoteUnavailable } from './remoteFallbackPlugin';
import { reportRemoteFailure } from './reportRemoteFailure';
import { ensureRemotesRegistered, type RemoteName } from './remotesConfig';

/** Raised when a remote area cannot be shown; caught by that area's error boundary. */
export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';

  constructor(
    readonly id: string,
    options?: { cause?: unknown },
  ) {
    super(`${id} is unavailable`, options);
  }
}

export type RemoteComponentModule = { default: ComponentType<Record<string, never>> };

/** Loads `remote/module` (e.g. `mfe_admin/AdminApp`) and returns its default-exported component; a failure is reported to the gateway. */
export async function loadRemoteComponent(remote: RemoteName, module: string): Promise<RemoteComponentModule> {
  return loadComponent(remote, module).catch((error: unknown) => {
    void reportRemoteFailure(remote);
    throw error;
  });
}

async function loadComponent(remote: RemoteName, module: string): Promise<RemoteComponentModule> {
  const id = `${remote}/${module}`;
  const registered = await ensureRemotesRegistered().catch((error: unknown) => {
    throw new RemoteUnavailableError(id, { cause: error });
  });
  if (!registered.some((r) => r.name === remote)) throw new RemoteUnavailableError(id);
  const loaded = await loadRemote<RemoteComponentModule>(id).catch((error: unknown) => {
    throw new RemoteUnavailableError(id, { cause: error });
  });
  if (!loaded || isRemoteUnavailable(loaded) || typeof loaded.default !== 'function') {
    throw new RemoteUnavailableError(id, { cause: isRemoteUnavailable(loaded) ? loaded.error : undefined });
  }
  return loaded;
}
