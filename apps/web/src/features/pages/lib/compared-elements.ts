// The element list of two compared click maps (issue 26): each element clicked on either side, with both sides' clicks
// and share of pageviews that clicked it, and the change in that share — a share, not a count, so a side with more
// visitors does not simply come out ahead. Sorted by the first side's clicks. Pure: the table and its CSV read it.
import type { ClickedElement, ClickedElementsResponse } from '@foldline/contracts';

/** One side of a row: its figures, zero when the element is not in a complete list, null when it may be beyond the
 * side's list (the API lists the most clicked only, `more` telling how many are left out). */
export type ComparedSide = Pick<ClickedElement, 'clicks' | 'click_share' | 'pageviews' | 'pageview_share' | 'rage_pageviews' | 'dead_clicks' | 'dead_pageviews'> | null;

export interface ComparedElement {
  key: string;
  selector: string;
  label: string;
  kind: ClickedElement['kind'];
  /** Where it is on the rendering (both maps are drawn over the same one), for the outline. */
  box: ClickedElement['box'];
  first: ComparedSide;
  second: ComparedSide;
  /** First minus second share of pageviews that clicked it, in percentage points; null when a side's figure is not
   * known or a side has no pageviews to be a share of. */
  change: number | null;
}

/** An element's identity across the two lists: an ad unit by its unit, anything else by its selector and kind. */
export const elementKey = (element: Pick<ClickedElement, 'kind' | 'selector' | 'ad_unit_id'>) => `${element.kind}:${element.selector}:${element.ad_unit_id ?? ''}`;

const NONE: NonNullable<ComparedSide> = { clicks: 0, click_share: 0, pageviews: 0, pageview_share: 0, rage_pageviews: 0, dead_clicks: 0, dead_pageviews: 0 };

function sideOf(element: ClickedElement | undefined, list: ClickedElementsResponse['data']): ComparedSide {
  if (element) {
    const { clicks, click_share, pageviews, pageview_share, rage_pageviews, dead_clicks, dead_pageviews } = element;
    return { clicks, click_share, pageviews, pageview_share, rage_pageviews, dead_clicks, dead_pageviews };
  }
  return list.more > 0 ? null : NONE;
}

/** The two lists as one: every element of either, most clicked on the first side first, then on the second. */
export function compareElements(first: ClickedElementsResponse['data'], second: ClickedElementsResponse['data']): ComparedElement[] {
  const firsts = new Map(first.elements.map((element) => [elementKey(element), element]));
  const seconds = new Map(second.elements.map((element) => [elementKey(element), element]));
  const keys = [...new Set([...firsts.keys(), ...seconds.keys()])];
  const rows = keys.map((key): ComparedElement => {
    const a = firsts.get(key);
    const b = seconds.get(key);
    const named = (a ?? b)!;
    const [one, two] = [sideOf(a, first), sideOf(b, second)];
    const change = one && two && first.pageviews > 0 && second.pageviews > 0 ? Math.round((one.pageview_share - two.pageview_share) * 10) / 10 : null;
    return { key, selector: named.selector, label: named.label, kind: named.kind, box: a?.box ?? b?.box ?? null, first: one, second: two, change };
  });
  // An unknown figure sorts as the fewest it could be (below the list's last), never above a known one.
  const clicks = (side: ComparedSide) => side?.clicks ?? -1;
  return rows.sort((x, y) => clicks(y.first) - clicks(x.first) || clicks(y.second) - clicks(x.second) || x.label.localeCompare(y.label));
}
