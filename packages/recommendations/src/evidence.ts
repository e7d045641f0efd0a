// What the engine reasons from, per page and device over the window: the page's traffic and main column, each ad
// unit's place and measured outcome, and — for any rectangle the engine asks about — how many pageviews had it in
// view by the MRC rule (its viewable share of pixels in the viewport for one continuous second while the tab was
// visible). The reader in packages/analytics fills these from the event store; the engine itself does no I/O.
import type { DeviceType } from '@foldline/contracts';
import type { ContentLayout } from './content-breaks.ts';
import { viewableShare } from '@foldline/tracker/viewability';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface UnitEvidence {
  adUnitId: string;
  name: string;
  /** Where the unit renders on this device (median of its impressions), document pixels. */
  rect: Rect;
  impressions: number;
  viewable: number;
  /** The page's pageviews on the device that `impressions` and `viewable` are counted over, when not the window's: a
   * unit that moved or changed format in the window is measured since (issue 25). */
  pageviews?: number;
  /** The unit stays at the viewport's edge as the reader scrolls (a phone anchor, a sticky sidebar unit): it is not a
   * place in the content, so it is never moved into it nor given an in-content format. Unknown when absent: a unit in
   * an edge format (320x50) is then taken for one. */
  sticky?: boolean;
}

export interface PageDeviceEvidence {
  pageId: string;
  pageTitle: string;
  device: DeviceType;
  pageviews: number;
  /** The readers' typical viewport height on this device (median), px: the spacing between units. */
  viewportHeight: number;
  /** Width of the page's layout on this device, px: what fits across it. */
  pageWidth: number;
  /** Why the page has no rendering on this device (to find its main column and where its units are across), in
   * plain words; undefined when it was rendered. */
  notRendered: string | undefined;
  /** The main column and its content breaks; undefined when the page was not rendered or has no column of content. */
  layout: ContentLayout | undefined;
  units: UnitEvidence[];
}

/**
 * A rectangle to measure: its top and height, and the share of it that must be in view.
 *
 * On a page that would reflow (a unit inserted, moved or resized at `cut`, the content below moving down by `lift` px,
 * up when negative), readers read content, not pixels: a reader whose viewport's centre stood at or below `cut`
 * follows the content there, so sees the rectangle as if it stood `lift` px higher; one whose centre stood above sees
 * it where it is. The rectangle is given in the page as it would be above the cut. (placement-advice.md, "Reflow".)
 */
export interface Probe {
  y: number;
  height: number;
  share: number;
  /** Where the page would reflow, document px of today's page; absent for the page as it is. */
  cut?: number;
  lift?: number;
}

/** Where a change reflows the page: content from `cut` down moves by `lift` px. `beside`: the change is in a side
 * column, so only that column's content below `cut` moves; the main column, which readers read, stays, and so do their
 * viewports. */
export interface Reflow {
  cut: number;
  lift: number;
  beside?: boolean;
}

export const probeOf = (rect: Rect, reflow?: Reflow): Probe => {
  const probe: Probe = { y: Math.max(0, Math.round(rect.y)), height: Math.max(1, Math.round(rect.height)), share: viewableShare(rect.width, rect.height) };
  // Readers follow the content they read: a change beside it moves none of their viewports.
  const lift = reflow?.beside ? 0 : Math.round(reflow?.lift ?? 0);
  return lift === 0 ? probe : { ...probe, cut: Math.max(0, Math.round(reflow!.cut)), lift };
};
export const probeKey = (probe: Probe): string => `${probe.y}:${probe.height}:${probe.share}${probe.lift ? `:${probe.cut}:${probe.lift}` : ''}`;

/** Pageviews that had each probed rectangle in view for a continuous second, by probeKey. */
export type SeenCounts = ReadonlyMap<string, number>;
