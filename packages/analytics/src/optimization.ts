// Optimization potential (DESIGN.md): the extra viewable impressions, in percent of the current ones, if every
// ad unit reached the viewability its website already achieves on the same device class at the 90th percentile.
// Until the recommendations engine has its own model, this is that model: it is measured, never a constant.

export interface UnitDeviceStats {
  websiteId: string;
  adUnitId: string;
  device: string;
  impressions: number;
  viewable: number;
}

export const TARGET_PERCENTILE = 0.9;

/** Linear-interpolated quantile of sorted values (the common "type 7" definition). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower]!;
  return low + (sorted[upper]! - low) * (position - lower);
}

export function optimizationPotential(units: readonly UnitDeviceStats[]): number {
  const measured = units.filter((unit) => unit.impressions > 0);
  const viewability = (unit: UnitDeviceStats) => (unit.viewable / unit.impressions) * 100;
  const groups = new Map<string, number[]>();
  for (const unit of measured) {
    const key = `${unit.websiteId}|${unit.device}`;
    const values = groups.get(key);
    if (values) values.push(viewability(unit));
    else groups.set(key, [viewability(unit)]);
  }
  const targets = new Map([...groups].map(([key, values]) => [key, quantile(values.sort((a, b) => a - b), TARGET_PERCENTILE)]));
  let extra = 0;
  let viewable = 0;
  for (const unit of measured) {
    const target = targets.get(`${unit.websiteId}|${unit.device}`) ?? 0;
    extra += (unit.impressions * Math.max(0, target - viewability(unit))) / 100;
    viewable += unit.viewable;
  }
  return viewable === 0 ? 0 : (extra / viewable) * 100;
}
