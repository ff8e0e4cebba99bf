import { useCallback, useEffect, useState } from 'react';
import { fetchProviderProfile, type PublicProvider } from '../api/providerProfile';

export type ProfileState = { status: 'loading' } | { status: 'error' } | { status: 'not-found' } | { status: 'ready'; provider: PublicProvider };

/** Loads a provider profile; `retry` loads it again after an error. */
export function useProviderProfile(providerId: string | undefined): { state: ProfileState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  // The answer to one request (provider and attempt); until the current request answers, the state is loading.
  const requestKey = `${providerId ?? ''}#${attempt}`;
  const [answer, setAnswer] = useState<{ requestKey: string; state: ProfileState } | null>(null);

  useEffect(() => {
    if (!providerId) return undefined;
    const controller = new AbortController();
    fetchProviderProfile(providerId, controller.signal)
      .then((result) => setAnswer({ requestKey, state: result.kind === 'found' ? { status: 'ready', provider: result.provider } : { status: 'not-found' } }))
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ requestKey, state: { status: 'error' } });
      });
    return () => controller.abort();
  }, [providerId, requestKey]);

  const state: ProfileState = !providerId ? { status: 'not-found' } : answer?.requestKey === requestKey ? answer.state : { status: 'loading' };
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
