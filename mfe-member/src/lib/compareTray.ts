import { useSyncExternalStore } from 'react';
import { COMPARE_MAX_PROVIDERS, COMPARE_MIN_PROVIDERS } from '@altmed/contracts/web';

/** One provider a member picked to compare: its id, and its name for the tray. */
export interface ComparePick {
  id: string;
  name: string;
}

/** Where the picks live: they survive navigation, reloads and the remote being loaded again. */
export const COMPARE_STORAGE_KEY = 'altmed.compare';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMPTY: readonly ComparePick[] = [];

/** The stored picks, leaving out anything that is not one (a value edited by hand, an older format). */
export function parsePicks(raw: string | null): readonly ComparePick[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    const picks: ComparePick[] = [];
    for (const entry of value as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { id, name } = entry as Record<string, unknown>;
      if (typeof id !== 'string' || !UUID.test(id) || picks.some((pick) => pick.id === id)) continue;
      picks.push({ id, name: typeof name === 'string' ? name.slice(0, 200) : '' });
    }
    return picks.slice(0, COMPARE_MAX_PROVIDERS);
  } catch {
    return EMPTY;
  }
}

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedPicks: readonly ComparePick[] = EMPTY;

/** The picks now; the same array while the stored value is unchanged (what useSyncExternalStore needs). */
export function readPicks(): readonly ComparePick[] {
  const raw = storage()?.getItem(COMPARE_STORAGE_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedPicks = parsePicks(raw);
  }
  return cachedPicks;
}

function writePicks(picks: readonly ComparePick[]): void {
  try {
    if (picks.length === 0) storage()?.removeItem(COMPARE_STORAGE_KEY);
    else storage()?.setItem(COMPARE_STORAGE_KEY, JSON.stringify(picks));
  } catch {
    // Storage full or refused (private mode): the picks stay as they were.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the picks.
  const onStorage = (event: StorageEvent) => {
    if (event.key === COMPARE_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Adds a provider; false when the tray already holds the most it may. */
export function addPick(pick: ComparePick): boolean {
  const picks = readPicks();
  if (picks.some((existing) => existing.id === pick.id)) return true;
  if (picks.length >= COMPARE_MAX_PROVIDERS) return false;
  writePicks([...picks, pick]);
  return true;
}

export function removePick(id: string): void {
  const picks = readPicks();
  if (picks.some((pick) => pick.id === id)) writePicks(picks.filter((pick) => pick.id !== id));
}

export function clearPicks(): void {
  writePicks(EMPTY);
}

/** The address of the comparison of these ids (and the member's ZIP, when given). */
export function comparePath(ids: readonly string[], zip?: string): string {
  const params = new URLSearchParams({ ids: ids.join(',') });
  if (zip) params.set('zip', zip);
  return `/compare?${params.toString().replace(/%2C/g, ',')}`;
}

/** The member's compare tray: the picks, kept in localStorage and shared by every page of this remote. */
export function useCompareTray() {
  const picks = useSyncExternalStore(subscribe, readPicks, () => EMPTY);
  return {
    picks,
    isPicked: (id: string) => picks.some((pick) => pick.id === id),
    isFull: picks.length >= COMPARE_MAX_PROVIDERS,
    canCompare: picks.length >= COMPARE_MIN_PROVIDERS,
    add: addPick,
    remove: removePick,
    clear: clearPicks,
  };
}
