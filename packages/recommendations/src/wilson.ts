// Wilson score intervals: the 95 % range of a rate measured as k successes in n trials. Unlike the normal
// approximation it stays inside [0, 1] and is honest for small n and rates near 0 or 1 (unit viewability, CTR).

export interface Interval {
  rate: number;
  low: number;
  high: number;
}

export const Z95 = 1.959963984540054;

export function wilson(successes: number, trials: number, z = Z95): Interval {
  if (trials <= 0) return { rate: 0, low: 0, high: 1 };
  const p = Math.min(1, Math.max(0, successes / trials));
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const spread = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const denominator = 1 + z2 / trials;
  return { rate: p, low: Math.max(0, (centre - spread) / denominator), high: Math.min(1, (centre + spread) / denominator) };
}

/** An interval multiplied by a correction factor (the calibration), kept inside [0, 1]. */
export function scaleInterval(interval: Interval, factor: number): Interval {
  const clamp = (value: number) => Math.min(1, Math.max(0, value * factor));
  return { rate: clamp(interval.rate), low: clamp(interval.low), high: clamp(interval.high) };
}

/** An interval widened by a fixed error on both ends (a model's calibration error, as a share), kept inside [0, 1]. */
export function widenInterval(interval: Interval, by: number): Interval {
  return { rate: interval.rate, low: Math.max(0, interval.low - by), high: Math.min(1, interval.high + by) };
}
