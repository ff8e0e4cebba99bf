import { useCallback, useEffect, useState } from 'react';
import { fetchProviderProfile, type PublicProvider } from '../api/providerProfile';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'not-found' }
  | { status: 'ready'; provider: PublicProvider };

/**
 * Loads a provider profile; `retry` loads it again after an error. A new id aborts the request for
 * the old one, so an older answer is never shown (no react-query here: this page stays within its
 * JavaScript budget without it).
 */
export function useProviderProfile(providerId: string | undefined): { state: ProfileState; retry(): void } {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!providerId) {
      setState({ status: 'not-found' });
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchProviderProfile(providerId, controller.signal)
      .then((result) => setState(result.kind === 'found' ? { status: 'ready', provider: result.provider } : { status: 'not-found' }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [providerId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
