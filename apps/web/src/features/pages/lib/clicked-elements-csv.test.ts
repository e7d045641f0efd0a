import type { ClickedElement } from '@foldline/contracts';
import { describe, expect, it } from 'vitest';
import { clickedElementsCsv } from './clicked-elements-csv.ts';

const element = (overrides: Partial<ClickedElement>): ClickedElement => ({
  selector: '#subscribe',
  label: 'Subscribe',
  kind: 'button',
  ad_unit_id: null,
  clicks: 3,
  click_share: 27.3,
  pageviews: 3,
  pageview_share: 75,
  rage_pageviews: 0,
  dead_clicks: 0,
  dead_pageviews: 0,
  box: null,
  ...overrides,
});

describe('clickedElementsCsv', () => {
  it('writes a header and one row per element, quoting what needs it and defusing formulas', () => {
    const csv = clickedElementsCsv([
      element({}),
      element({ label: 'Read "the report", now', selector: 'main>p>a', kind: 'link', clicks: 1 }),
      element({ label: '=HYPERLINK("x")' }),
      element({ label: '<h2>', selector: 'main>h2', kind: 'heading', rage_pageviews: 1, dead_clicks: 4, dead_pageviews: 2 }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Element,Selector,Kind,Clicks,Share of clicks (%),Pageviews clicking,Share of pageviews (%),Pageviews with rage clicks,Dead clicks,Pageviews with dead clicks',
      'Subscribe,#subscribe,button,3,27.3,3,75,0,0,0',
      '"Read ""the report"", now",main>p>a,link,1,27.3,3,75,0,0,0',
      `"'=HYPERLINK(""x"")",#subscribe,button,3,27.3,3,75,0,0,0`,
      '<h2>,main>h2,heading,3,27.3,3,75,1,4,2',
      '',
    ]);
  });
});
