import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marks the module the runtime hands back instead of a remote module that failed to load. */
export const REMOTE_UNAVAILABLE = '__altmedRemoteUnavailable';

export interface RemoteUnavailableModule {
  [REMOTE_UNAVAILABLE]: true;
  id: string;
  error: unknown;
}

export function isRemoteUnavailable(value: unknown): value is RemoteUnavailableModule {
  return Boolean(value && typeof value === 'object' && (value as Record<string, unknown>)[REMOTE_UNAVAILABLE] === true);
}

/**
 * Federation runtime plugin: when a remote (manifest, remoteEntry or an exposed chunk) cannot be
 * loaded, `loadRemote` resolves to a marker module instead of rejecting deep inside the runtime.
 * The shell's RemoteArea turns the marker into an error for its boundary, so only that area shows
 * a fallback. Other lifecycles (manifest fetch, shared negotiation) return nothing: their errors
 * then surface through the `onLoad` lifecycle, or the remote is skipped for sharing.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'altmed-remote-fallback',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      console.warn(`[federation] ${args.id} is unavailable`, args.error);
      const fallback: RemoteUnavailableModule = { [REMOTE_UNAVAILABLE]: true, id: args.id, error: args.error };
      return fallback;
    },
  };
}
