// How the benches time a call: a few untimed runs to warm caches, then BENCH_RUNS timed ones.
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;

/** Runs a call WARMUP times untimed, then `runs` times timed (BENCH_RUNS unless told), each after `before` (not
 * timed): its median and 95th percentile, ms. */
export async function timed(
  call: () => Promise<unknown>,
  { runs = RUNS, before }: { runs?: number; before?: () => Promise<unknown> } = {},
): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + runs; i++) {
    await before?.();
    const started = performance.now();
    await call();
    if (i >= WARMUP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}
