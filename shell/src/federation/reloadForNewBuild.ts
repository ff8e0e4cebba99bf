/**
 * A page opened before a deploy runs the previous build; its chunks are kept for a day (see
 * packages/web-build), but a chunk can still be gone (an older tab, another host). Then the page
 * is out of date, not broken: loading it again gets the current build.
 */
const RELOADED_AT_KEY = 'altmed.reloadedForNewBuild';
/** Within this after such a reload, the same failure shows the area's fallback instead of reloading again. */
const RELOAD_GUARD_MS = 60_000;

/** Whether the error, or one of its causes, is webpack failing to load a chunk (missing file, network). */
export function isChunkLoadFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current.name === 'ChunkLoadError' || /Loading (CSS )?chunk \S+ failed/.test(current.message)) return true;
  }
  return false;
}

/** Reloads the page for `area` unless it was just reloaded for it; answers whether it did. */
export function reloadOnceForNewBuild(area: string, reload: () => void = () => window.location.reload()): boolean {
  const key = `${RELOADED_AT_KEY}:${area}`;
  try {
    const reloadedAt = Number(window.sessionStorage.getItem(key));
    if (reloadedAt && Date.now() - reloadedAt < RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(key, String(Date.now()));
  } catch {
    // No session storage (a locked-down browser): without the guard a reload could repeat.
    return false;
  }
  reload();
  return true;
}
