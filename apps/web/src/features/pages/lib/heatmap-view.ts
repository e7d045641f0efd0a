// What the heatmap card shows (issue 26): whose map — every visitor or a segment (traffic source, browser family) — and
// whether it is compared with the previous period or with another segment, as two maps side by side or as one map of
// their difference. Pure: the panel turns the choices into queries and words with these.
import type { HeatmapSegment, HeatmapType, HeatmapWindow, TrafficSource } from '@foldline/contracts';

/** A segment as chosen: 'all' and '' for every source and browser. */
export interface SegmentChoice {
  source: TrafficSource | 'all';
  browser: string;
}

export type CompareMode = 'off' | 'previous' | 'segment';

/** How two compared maps are shown: side by side, or one map of where the first differs from the second. */
export type CompareDisplay = 'sides' | 'difference';

export interface HeatmapView {
  segment: SegmentChoice;
  compare: CompareMode;
  /** The other map's segment when comparing segments. */
  other: SegmentChoice;
  display: CompareDisplay;
}

export const EVERY_VISITOR: SegmentChoice = { source: 'all', browser: '' };
export const DEFAULT_VIEW: HeatmapView = { segment: EVERY_VISITOR, compare: 'off', other: EVERY_VISITOR, display: 'sides' };

export const SOURCE_LABELS: Record<TrafficSource, string> = { search: 'Search', social: 'Social', direct: 'Direct', referral: 'Other sites' };

export const COMPARE_LABELS: Record<CompareMode, string> = { off: 'No comparison', previous: 'Previous period', segment: 'Another segment' };

export const DISPLAY_LABELS: Record<CompareDisplay, string> = { sides: 'Side by side', difference: 'Difference' };

/** The query parameters of a choice: none for every visitor (the fast path). */
export function segmentQuery(choice: SegmentChoice): HeatmapSegment {
  return { ...(choice.source !== 'all' ? { source: choice.source } : {}), ...(choice.browser ? { browser: choice.browser } : {}) };
}

export const isSegment = (choice: SegmentChoice) => choice.source !== 'all' || choice.browser !== '';

/** 'All visitors', 'Search', 'Chrome', 'Search, Chrome'. */
export function segmentLabel(choice: SegmentChoice): string {
  const parts = [choice.source !== 'all' ? SOURCE_LABELS[choice.source] : '', choice.browser].filter(Boolean);
  return parts.length ? parts.join(', ') : 'All visitors';
}

/** One map of the card: its caption (only when compared), its query and whether it is of a segment. */
export interface MapSide {
  key: string;
  caption: string;
  segment: HeatmapSegment;
  window: HeatmapWindow;
  segmented: boolean;
}

export function mapSides(view: HeatmapView): MapSide[] {
  const side = (key: string, caption: string, choice: SegmentChoice, window: HeatmapWindow = 'current'): MapSide => ({
    key,
    caption,
    segment: segmentQuery(choice),
    window,
    segmented: isSegment(choice),
  });
  const label = segmentLabel(view.segment);
  switch (view.compare) {
    case 'previous':
      return [side('current', `This period · ${label}`, view.segment), side('previous', `Previous period · ${label}`, view.segment, 'previous')];
    case 'segment':
      return [side('segment', segmentLabel(view.segment), view.segment), side('other', segmentLabel(view.other), view.other)];
    default:
      return [side('current', label, view.segment)];
  }
}

/** Whether the card shows one map of the two compared maps' difference. */
export const showsDifference = (view: HeatmapView) => view.compare !== 'off' && view.display === 'difference';

/** How the difference's legend names the sides: this period against the previous one (the first implied), or one
 * segment against the other ('in Search' … 'in Social'). */
export function differenceWords(view: HeatmapView): { first: string; second: string } {
  if (view.compare === 'segment') return { first: `in ${segmentLabel(view.segment)}`, second: `in ${segmentLabel(view.other)}` };
  return { first: '', second: 'in the previous period' };
}

const NOTHING: Record<HeatmapType, string> = { click: 'No clicks', scroll: 'No scrolling', engagement: 'No attention time' };

/** The empty state of a segmented or compared map ("No clicks from this segment in this period"). */
export function emptySegmentText(type: HeatmapType, side: Pick<MapSide, 'segmented' | 'window'>): { title: string; description: string } {
  const whose = side.segmented ? ' from this segment' : '';
  const when = side.window === 'previous' ? 'in the previous period' : 'in this period';
  return {
    title: `${NOTHING[type]}${whose} ${when}`,
    description: side.segmented ? 'Try another source or browser, or a longer time range.' : 'Try a longer time range.',
  };
}

/** The colour scale two compared maps share: the larger of their top values. */
export function sharedMax(values: readonly number[]): number {
  return Math.max(0, ...values);
}
