// Public surface of the recommendations engine: pure functions from evidence to recommendations (no I/O).
import type { Recommendation } from '@foldline/contracts';
import type { PageDeviceEvidence, SeenCounts } from './evidence.ts';
import { byGain, calibrate, pooledCalibration, recommendForPage, type Calibration, type PageResult, type RecommendOptions } from './recommend.ts';

export { contentLayout, layoutFromOutline, placeOf, type BreakSides, type Box, type ContentLayout, type OutlinedLayout, type Place } from './content-breaks.ts';
export { probeKey, probeOf, type PageDeviceEvidence, type Probe, type Rect, type SeenCounts, type UnitEvidence } from './evidence.ts';
export {
  AD_FORMATS,
  DEFAULT_FORMAT_VALUES,
  formatName,
  formatValue,
  valueTable,
  type FormatValueOverrides,
  type FormatValues,
  type MeasuredFormat,
  type ValueSource,
  type ValueSources,
  type ValueTable,
} from './formats.ts';
export {
  byGain,
  calibrate,
  DEFAULT_DESKTOP_DENSITY,
  densityLimit,
  enoughReaders,
  MOBILE_DENSITY,
  pooledCalibration,
  probesFor,
  recommendForPage,
  usableBreaks,
  type Calibration,
  type PageResult,
  type RecommendOptions,
} from './recommend.ts';
export { widenInterval, wilson, Z95, type Interval } from './wilson.ts';

export interface SiteInput {
  evidence: PageDeviceEvidence;
  seen: SeenCounts;
}

/**
 * Every page and device of one website: a page whose own units cannot calibrate the model borrows the calibration
 * of the website's other pages on the same device. `options` are the website's own format values and desktop density
 * limit (recommend.ts).
 */
export function recommendForWebsite(inputs: readonly SiteInput[], options: RecommendOptions = {}): { results: PageResult[]; recommendations: Recommendation[] } {
  const own = new Map<string, Calibration[]>();
  for (const { evidence, seen } of inputs) {
    const calibration = calibrate(evidence, seen);
    if (calibration) own.set(evidence.device, [...(own.get(evidence.device) ?? []), calibration]);
  }
  const results = inputs.map(({ evidence, seen }) => recommendForPage(evidence, seen, pooledCalibration(own.get(evidence.device) ?? []), options));
  const recommendations = results.flatMap((result) => result.recommendations).sort(byGain);
  return { results, recommendations };
}
