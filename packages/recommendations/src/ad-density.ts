// Ad density and the ad layout of a page on a device (issue 24), as the Coalition for Better Ads measures density on
// phones: the height of the ads in the main content over the main content's height, a unit that stays at the
// viewport's edge (a sticky anchor) counted once. The placement advice's density guardrail and the page analytics'
// "Ad experience" card both read it from here, so the limit a recommendation keeps is the figure the publisher sees.
import type { ContentLayout } from './content-breaks.ts';
import type { PageDeviceEvidence, Rect, UnitEvidence } from './evidence.ts';
import { EDGE_FORMATS, formatName } from './formats.ts';

/** A unit as it stands (or would after a change): its box, and whether it stays at the viewport's edge. */
export interface Placed {
  rect: Rect;
  edge: boolean;
}

/** Whether a unit stays at the viewport's edge: told so, else judged by its format (a phone anchor). */
export const isEdgeUnit = (unit: UnitEvidence) => unit.sticky ?? EDGE_FORMATS.has(formatName(unit.rect.width, unit.rect.height));

export const overlapsHorizontally = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width;

/** Whether a unit counts in the main content: across the column, and within its height unless it is at the edge. */
function inContent({ rect, edge }: Placed, layout: ContentLayout): boolean {
  const column: Rect = { x: layout.column.x, y: layout.top, width: layout.column.width, height: layout.bottom - layout.top };
  return overlapsHorizontally(rect, column) && (edge || (rect.y >= layout.top && rect.y <= layout.bottom));
}

/** Ad height in the main content (Better Ads): every unit within the column's width and height, and every unit at the
 * viewport's edge across it once. Without a layout, every unit's height (the content's is unknown). */
export function adHeightInContent(units: Iterable<Placed>, layout: ContentLayout | undefined): number {
  let height = 0;
  for (const unit of units) if (!layout || inContent(unit, layout)) height += unit.rect.height;
  return height;
}

/** What the page's ads take of it on one device, from its rendering and its units' measured boxes. */
export interface AdLayout {
  /** The main content's height and the ads' height in it, px. */
  contentHeight: number;
  adHeight: number;
  /** adHeight ÷ contentHeight, and the limit that applies on the device (shares). */
  density: number;
  limit: number;
  /** Units in view before any scrolling: their top within the readers' typical first screen, or at its edge. */
  aboveFold: number;
  /** Units in the main content per 1,000 px of its height. */
  perThousandPx: number;
}

/** The ad layout of a page on a device, against `limit` (densityLimit's); undefined without a rendering of its main
 * content, whose height is then unknown. */
export function adLayoutOf(evidence: PageDeviceEvidence, limit: number): AdLayout | undefined {
  const layout = evidence.layout;
  if (!layout || layout.bottom <= layout.top) return undefined;
  const placed = evidence.units.map((unit) => ({ rect: unit.rect, edge: isEdgeUnit(unit) }));
  const contentHeight = layout.bottom - layout.top;
  const adHeight = adHeightInContent(placed, layout);
  return {
    contentHeight,
    adHeight,
    density: adHeight / contentHeight,
    limit,
    aboveFold: placed.filter(({ rect, edge }) => edge || rect.y < evidence.viewportHeight).length,
    perThousandPx: (1000 * placed.filter((unit) => inContent(unit, layout)).length) / contentHeight,
  };
}
