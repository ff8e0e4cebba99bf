import { useCallback, useRef } from 'react';
import { ADMIN_ENTRANCE_CLICKS, ADMIN_ENTRANCE_WINDOW_MS } from '@altmed/contracts/web';

/**
 * Counts clicks on the hidden footer button: each click must come within 2 s of the previous one;
 * the fifth calls `onUnlock` (SPEC §2, §9). A slower click starts counting again from one.
 */
export function useAdminEntrance(onUnlock: () => void, now: () => number = Date.now): () => void {
  const count = useRef(0);
  const last = useRef(0);
  return useCallback(() => {
    const t = now();
    count.current = count.current > 0 && t - last.current <= ADMIN_ENTRANCE_WINDOW_MS ? count.current + 1 : 1;
    last.current = t;
    if (count.current >= ADMIN_ENTRANCE_CLICKS) {
      count.current = 0;
      onUnlock();
    }
  }, [now, onUnlock]);
}
