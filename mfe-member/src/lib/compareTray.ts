import { useSyncExternalStore } from 'react';
import { COMPARE_MAX_PROVIDERS, COMPARE_MIN_PROVIDERS } from '@altmed/contracts/web';
import { useSession } from '@altmed/web-kit';

/** One provider a member picked to compare: its id, and its name for the tray. */
export interface ComparePick {
  id: string;
  name: string;
}

/**
 * Where an account's picks live: they survive navigation, reloads and the remote being loaded again,
 * and belong to that account (on a shared browser the next person logging in does not see them).
 */
export const compareStorageKey = (owner: string) => `altmed.compare.${owner}`;

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
let cached: { key: string; raw: string | null; picks: readonly ComparePick[] } | undefined;

/** The account's picks now (none without an account); the same array while the stored value is unchanged (what useSyncExternalStore needs). */
export function readPicks(owner: string): readonly ComparePick[] {
  if (!owner) return EMPTY;
  const key = compareStorageKey(owner);
  const raw = storage()?.getItem(key) ?? null;
  if (cached?.key !== key || cached.raw !== raw) cached = { key, raw, picks: parsePicks(raw) };
  return cached.picks;
}

function writePicks(owner: string, picks: readonly ComparePick[]): void {
  try {
    if (picks.length === 0) storage()?.removeItem(compareStorageKey(owner));
    else storage()?.setItem(compareStorageKey(owner), JSON.stringify(picks));
  } catch {
    // Storage full or refused (private mode): the picks stay as they were.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the picks.
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith(compareStorageKey('')) || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Adds a provider to the account's picks; false when the tray already holds the most it may, or there is no account. */
export function addPick(owner: string, pick: ComparePick): boolean {
  if (!owner) return false;
  const picks = readPicks(owner);
  if (picks.some((existing) => existing.id === pick.id)) return true;
  if (picks.length >= COMPARE_MAX_PROVIDERS) return false;
  writePicks(owner, [...picks, pick]);
  return true;
}

export function removePick(owner: string, id: string): void {
  const picks = readPicks(owner);
  if (picks.some((pick) => pick.id === id))
    writePicks(
      owner,
      picks.filter((pick) => pick.id !== id),
    );
}

export function clearPicks(owner: string): void {
  if (owner) writePicks(owner, EMPTY);
}

/** The address of the comparison of these ids (and the member's ZIP, when given). */
export function comparePath(ids: readonly string[], zip?: string): string {
  const params = new URLSearchParams({ ids: ids.join(',') });
  if (zip) params.set('zip', zip);
  return `/compare?${params.toString().replace(/%2C/g, ',')}`;
}

/** The logged-in member's compare tray: the picks, kept in localStorage and shared by every page of this remote. */
export function useCompareTray() {
  const owner = useSession().user?.id ?? '';
  const picks = useSyncExternalStore(
    subscribe,
    () => readPicks(owner),
    () => EMPTY,
  );
  return {
    picks,
    isPicked: (id: string) => picks.some((pick) => pick.id === id),
    isFull: picks.length >= COMPARE_MAX_PROVIDERS,
    canCompare: picks.length >= COMPARE_MIN_PROVIDERS,
    add: (pick: ComparePick) => addPick(owner, pick),
    remove: (id: string) => removePick(owner, id),
    clear: () => clearPicks(owner),
  };
}
