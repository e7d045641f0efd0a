// Factories of detected changes for the Changes panel's and texts' tests: the fixture move of
// apps/server/test/changes.test.ts (400 px to 2,400 px, two weeks each side) with figures as the server sends them.
import type { AppliedRecommendation, Change, ChangeFigure, ChangesResponse } from '@foldline/contracts';

export const figure = (before: number | null, after: number | null, verdict: ChangeFigure['verdict'], spread = 4): ChangeFigure => ({
  before: before === null ? null : { value: before, low: before - spread, high: before + spread },
  after: after === null ? null : { value: after, low: after - spread, high: after + spread },
  verdict,
});
const counts = { pageviews: 140, impressions: 140, viewable: 112, clicks: 14 };
const group = { before: counts, after: counts, viewability: figure(80, 30, 'down'), ctr: figure(10, 0, 'down', 1), viewable_per_1000: figure(800, 300, 'down', 60) };

/** The fixture move of apps/server/test/changes.test.ts: 400 px to 2,400 px, two weeks each side. */
export function aChange(overrides: Partial<Change> = {}): Change {
  return {
    id: 'c1',
    page_id: 'p1',
    page_title: 'Story',
    page_path: '/story',
    device: 'desktop',
    ad_unit_id: 'u1',
    ad_unit_name: 'Mover',
    kind: 'moved',
    day: '2025-11-15',
    before: { y: 400, width: 300, height: 250 },
    after: { y: 2400, width: 300, height: 250 },
    x: 650,
    windows: { before: { start: '2025-11-01', end: '2025-11-14', days: 14 }, after: { start: '2025-11-16', end: '2025-11-29', days: 14 } },
    unit: { ...group, view_rate: figure(80, 30, 'down') },
    other_units: { ...group, viewable_per_1000: figure(1800, 1800, 'within_noise', 70) },
    page: { ...group, viewable_per_1000: figure(2600, 2100, 'down', 90) },
    recommendation: null,
    ...overrides,
  };
}

export const applied = (overrides: Partial<AppliedRecommendation> = {}): AppliedRecommendation => ({
  recommendation_id: 'r1',
  type: 'move_ad_unit',
  reason: 'Advice',
  promised: { view_rate: 32, low: 25, high: 40 },
  delivered: 30,
  within: true,
  ...overrides,
});

export function aChangesResponse(changes: Change[], record = { applied: 0, judged: 0, within: 0 }): ChangesResponse {
  return { data: { changes, record } };
}
