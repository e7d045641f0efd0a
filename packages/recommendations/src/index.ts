// Public surface of the recommendations engine: pure functions from evidence to recommendations (no I/O).
import type { Recommendation } from '@foldline/contracts';
import type { PageDeviceEvidence, SeenCounts } from './evidence.ts';
import { byGain, calibrate, pooledCalibration, recommendForPage, type Calibration, type PageResult } from './recommend.ts';

export { contentLayout, type Box, type ContentLayout } from './content-breaks.ts';
export { probeKey, probeOf, type PageDeviceEvidence, type Probe, type Rect, type SeenCounts, type UnitEvidence } from './evidence.ts';
export { AD_FORMATS, formatName } from './formats.ts';
export { byGain, calibrate, enoughReaders, pooledCalibration, probesFor, recommendForPage, type Calibration, type PageResult } from './recommend.ts';
export { wilson, type Interval } from './wilson.ts';

export interface SiteInput {
  evidence: PageDeviceEvidence;
  seen: SeenCounts;
}

/**
 * Every page and device of one website: a page whose own units cannot calibrate the model borrows the calibration
 * of the website's other pages on the same device.
 */
export function recommendForWebsite(inputs: readonly SiteInput[]): { results: PageResult[]; recommendations: Recommendation[] } {
  const own = new Map<string, Calibration[]>();
  for (const { evidence, seen } of inputs) {
    const calibration = calibrate(evidence, seen);
    if (calibration) own.set(evidence.device, [...(own.get(evidence.device) ?? []), calibration]);
  }
  const results = inputs.map(({ evidence, seen }) => recommendForPage(evidence, seen, pooledCalibration(own.get(evidence.device) ?? [])));
  const recommendations = results.flatMap((result) => result.recommendations).sort(byGain);
  return { results, recommendations };
}
