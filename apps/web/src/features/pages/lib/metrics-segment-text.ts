// What the page metrics cards say when they are of a segment (issue 26): whose figures they are, in a reader's words
// ("Search visitors · Chrome"), and what an empty segment means. The segment is the heatmaps' (heatmap-view.ts).
import type { TrafficSource } from '@foldline/contracts';
import { isSegment, type SegmentChoice } from './heatmap-view.ts';

const VISITORS: Record<TrafficSource, string> = {
  search: 'Search visitors',
  social: 'Social visitors',
  direct: 'Direct visitors',
  referral: 'Visitors from other sites',
};

/** 'Search visitors', 'Chrome visitors', 'Search visitors · Chrome'; null for every visitor. */
export function segmentVisitorsLabel(choice: SegmentChoice): string | null {
  if (!isSegment(choice)) return null;
  if (choice.source === 'all') return `${choice.browser} visitors`;
  return [VISITORS[choice.source], choice.browser].filter(Boolean).join(' · ');
}

/** The cards' empty state, for every visitor or for a segment. */
export function emptyMetricsText(choice: SegmentChoice): { title: string; description: string } {
  const label = segmentVisitorsLabel(choice);
  return label
    ? { title: `No metrics for ${label}`, description: 'No visits of this page from this segment were recorded for the selected time range and device.' }
    : { title: 'No metrics available', description: 'No visits of this page were recorded for the selected time range and device.' };
}
