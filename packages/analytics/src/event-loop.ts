// Long computations over a website's units or pages give the event loop back between slices, so that one website
// with tens of thousands of them never holds health, the tracker or the collector of every other account.

/** Lets timers and I/O (other requests) run before the rest of a long computation. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Work between two yields: short, because every report running at once takes its slice in the same turn. */
const SLICE_MS = 8;

/** items.map(map), giving the event loop back whenever a slice has run SLICE_MS. */
export async function mapInSlices<T, U>(items: readonly T[], map: (item: T) => U): Promise<U[]> {
  const out: U[] = [];
  await forIndexInSlices(items.length, (i) => out.push(map(items[i]!)));
  return out;
}

/** Calls `each` for every item, giving the event loop back whenever a slice has run SLICE_MS. */
export function forEachInSlices<T>(items: readonly T[], each: (item: T) => void): Promise<void> {
  return forIndexInSlices(items.length, (i) => each(items[i]!));
}

/** Calls `each` for every index below `length`, giving the event loop back whenever a slice has run SLICE_MS. */
export async function forIndexInSlices(length: number, each: (index: number) => void): Promise<void> {
  let sliceStart = performance.now();
  for (let i = 0; i < length; i++) {
    // The clock is read every 64 items: reading it costs more than most calls.
    if ((i & 63) === 63 && performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
    each(i);
  }
}
