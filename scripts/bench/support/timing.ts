// How the benches time a call: a few untimed runs to warm caches, then BENCH_RUNS timed ones.
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;

/** Runs a call WARMUP times untimed, then RUNS times timed: its median and 95th percentile, ms. */
export async function timed(call: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    await call();
    if (i >= WARMUP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}
