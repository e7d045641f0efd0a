// A small seeded PRNG (sfc32) and the draws the simulator needs: the same seed always yields the same history.

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number;
  /** Uniform float in [min, max). */
  range(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** Log-normal with the given median and shape sigma. */
  logNormal(median: number, sigma: number): number;
  /** Picks by weight. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T;
  pick<T>(items: readonly T[]): T;
  /** A version-4 UUID made from the stream, so ids are reproducible too. */
  uuid(): string;
  /** A fresh generator derived from this one (sub-streams keep one part's draws from shifting another's). */
  fork(): Rng;
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Hashes a string to a 32-bit seed (FNV-1a), so seeds can be names. */
export function seedFrom(text: string | number): number {
  const s = String(text);
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: number | string): Rng {
  let a = seedFrom(seed);
  let b = seedFrom(`${seed}:b`);
  let c = seedFrom(`${seed}:c`);
  let d = 1;
  const u32 = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  // sfc32 needs a few rounds before its output is well mixed.
  for (let i = 0; i < 12; i++) u32();

  const next = () => u32() / 4294967296;
  let spare: number | undefined;
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    range: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    normal() {
      if (spare !== undefined) {
        const value = spare;
        spare = undefined;
        return value;
      }
      const u = 1 - next();
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spare = r * Math.sin(2 * Math.PI * v);
      return r * Math.cos(2 * Math.PI * v);
    },
    logNormal: (median, sigma) => median * Math.exp(sigma * rng.normal()),
    weighted(items, weight) {
      let total = 0;
      for (const item of items) total += weight(item);
      let x = next() * total;
      for (const item of items) {
        x -= weight(item);
        if (x < 0) return item;
      }
      return items[items.length - 1] as (typeof items)[number];
    },
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    uuid() {
      const w = [u32(), u32(), u32(), u32()];
      const bytes = w.flatMap((x) => [x >>> 24, (x >>> 16) & 255, (x >>> 8) & 255, x & 255]);
      bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
      bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
      const h = bytes.map((x) => HEX[x] as string);
      return `${h.slice(0, 4).join('')}-${h.slice(4, 6).join('')}-${h.slice(6, 8).join('')}-${h.slice(8, 10).join('')}-${h.slice(10).join('')}`;
    },
    fork: () => createRng(u32()),
  };
  return rng;
}
