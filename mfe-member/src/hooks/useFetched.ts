import { useEffect, useEffectEvent, useState } from 'react';

export interface Fetched<T> {
  data: T | undefined;
  /** Nothing has answered yet for this key. */
  isPending: boolean;
  /** The latest answer for this key was a failure. */
  isError: boolean;
  /** A request for this key is under way (the first one, or a refetch). */
  isFetching: boolean;
  refetch: () => void;
}

type Settled<T> = { request: string; ok: true; data: T } | { request: string; ok: false };

/**
 * Loads `load` for `key`, again on refetch, aborting a request that is no longer wanted. The member
 * remote stays off react-query on purpose: a cold load of the profile must fit the 200 KB
 * JavaScript budget, and react-query alone is 14 KB of it (docs/decisions.md, "Page weight").
 */
export function useFetched<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Fetched<T> {
  const [attempt, setAttempt] = useState(0);
  const request = `${key}#${attempt}`;
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const loadCurrent = useEffectEvent(load);

  useEffect(() => {
    const controller = new AbortController();
    loadCurrent(controller.signal).then(
      (data) => setSettled({ request, ok: true, data }),
      () => {
        if (!controller.signal.aborted) setSettled({ request, ok: false });
      },
    );
    return () => controller.abort();
  }, [request]);

  const forKey = settled && settled.request.startsWith(`${key}#`) ? settled : null;
  return {
    data: forKey?.ok ? forKey.data : undefined,
    isPending: !forKey,
    isError: forKey?.ok === false,
    isFetching: settled?.request !== request,
    refetch: () => setAttempt((n) => n + 1),
  };
}
