/**
 * The in-process read-model benches' measures (`npm run bench -w svc-identity`, `-w svc-billing`):
 * a call's time one at a time and by callers asking together, and the heap after a full collection.
 */
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const p50 = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => sorted(values)[Math.ceil(values.length * 0.95) - 1]!;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));

/** One at a time `samples` times; then `samples` rounds of `callers` asking together, each caller's wait from the round's start: p50 / p95 of each. */
export function timedAloneAndTogether(call: () => unknown, samples: number, callers: number): string {
  const alone: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    const startedAt = performance.now();
    call();
    alone.push(performance.now() - startedAt);
  }
  const together: number[] = [];
  for (let round = 0; round < samples; round += 1) {
    const startedAt = performance.now();
    for (let caller = 0; caller < callers; caller += 1) {
      call();
      together.push(performance.now() - startedAt);
    }
  }
  return `alone ${ms(p50(alone))} / ${ms(p95(alone))} ms, ${callers} at once ${ms(p50(together))} / ${ms(p95(together))} ms`;
}

/** The heap in use after three full collections; the process must run with `node --expose-gc`. */
export function heapUsedAfterGc(): number {
  const collectGarbage = (globalThis as { gc?: () => void }).gc;
  if (!collectGarbage) throw new Error('run the bench with node --expose-gc (its npm run bench does)');
  for (let pass = 0; pass < 3; pass += 1) collectGarbage();
  return process.memoryUsage().heapUsed;
}
