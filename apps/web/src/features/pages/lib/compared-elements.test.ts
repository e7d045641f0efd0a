// Two compared element lists as one: both sides' figures per element, zero where a complete list lacks it and unknown
// where it may be beyond a list, the change in share of pageviews, the first side's order; and the list as CSV.
import type { ClickedElement, ClickedElementsResponse } from '@foldline/contracts';
import { describe, expect, it } from 'vitest';
import { comparedElementsCsv } from './clicked-elements-csv.ts';
import { compareElements } from './compared-elements.ts';

const element = (selector: string, clicks: number, pageviewShare: number, overrides: Partial<ClickedElement> = {}): ClickedElement => ({
  selector,
  label: selector.replace('#', ''),
  kind: 'button',
  ad_unit_id: null,
  clicks,
  click_share: 50,
  pageviews: clicks,
  pageview_share: pageviewShare,
  rage_pageviews: 0,
  dead_clicks: 0,
  dead_pageviews: 0,
  box: [10, 20, 100, 40],
  ...overrides,
});

const list = (pageviews: number, elements: ClickedElement[], more = 0): ClickedElementsResponse['data'] => ({
  pageviews,
  clicks: elements.reduce((sum, e) => sum + e.clicks, 0),
  elements,
  more,
});

describe('compareElements', () => {
  it('lists every element of either side by the first side’s clicks, with the change in share of pageviews', () => {
    const rows = compareElements(
      list(100, [element('#subscribe', 30, 25), element('#menu', 5, 5)]),
      list(50, [element('#menu', 20, 30), element('#subscribe', 10, 20), element('#share', 4, 8)]),
    );
    expect(rows.map((row) => [row.label, row.first?.clicks, row.second?.clicks, row.change])).toEqual([
      ['subscribe', 30, 10, 5],
      ['menu', 5, 20, -25],
      // Clicked on the second side only: none on the first, whose list is complete.
      ['share', 0, 4, -8],
    ]);
    expect(rows[0]!.box).toEqual([10, 20, 100, 40]);
  });

  it('does not know an element’s figures on a side whose list stops before it, and keeps ad units apart by unit', () => {
    const ad = (unit: string, clicks: number) => element(`ad:${unit}`, clicks, 2, { kind: 'ad', ad_unit_id: unit, label: `Unit ${unit}`, box: null });
    const rows = compareElements(list(100, [element('#a', 9, 9), ad('u1', 3)], 12), list(100, [ad('u2', 5), element('#b', 1, 1)]));
    expect(rows.map((row) => [row.label, row.first?.clicks ?? null, row.second?.clicks ?? null, row.change])).toEqual([
      ['a', 9, 0, 9],
      ['Unit u1', 3, 0, 2],
      ['Unit u2', null, 5, null],
      ['b', null, 1, null],
    ]);
  });

  it('gives no change when a side has no pageviews', () => {
    const rows = compareElements(list(10, [element('#a', 2, 20)]), list(0, []));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.second).toEqual(expect.objectContaining({ clicks: 0, pageview_share: 0 }));
    expect(rows[0]!.change).toBeNull();
  });
});

describe('comparedElementsCsv', () => {
  it('writes both sides under their captions and the change, an unknown figure as an empty field', () => {
    const rows = compareElements(list(100, [element('#a', 9, 9, { dead_clicks: 2 })], 3), list(100, [element('#b', 1, 12.5)]));
    expect(comparedElementsCsv(rows, ['This period · Search', 'Previous period · Search']).split('\r\n')).toEqual([
      'Element,Selector,Kind,Clicks: This period · Search,Share of clicks (%): This period · Search,Pageviews clicking: This period · Search,' +
        'Share of pageviews (%): This period · Search,Pageviews with rage clicks: This period · Search,Dead clicks: This period · Search,' +
        'Clicks: Previous period · Search,Share of clicks (%): Previous period · Search,Pageviews clicking: Previous period · Search,' +
        'Share of pageviews (%): Previous period · Search,Pageviews with rage clicks: Previous period · Search,Dead clicks: Previous period · Search,' +
        'Change in share of pageviews (percentage points)',
      'a,#a,button,9,50,9,9,0,2,0,0,0,0,0,0,9',
      'b,#b,button,,,,,,,1,50,1,12.5,0,0,',
      '',
    ]);
  });

  it('keeps a negative change a number', () => {
    const rows = compareElements(list(10, [element('#a', 1, 10)]), list(10, [element('#a', 3, 30)]));
    expect(comparedElementsCsv(rows, ['A', 'B']).split('\r\n')[1]).toBe('a,#a,button,1,50,1,10,0,0,3,50,3,30,0,0,-20');
  });
});
