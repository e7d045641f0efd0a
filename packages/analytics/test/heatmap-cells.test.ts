// The heatmap cells statement as snapshots, per map kind and period shape: whole days from the daily tier, the hours
// around them from the hourly tier, never a raw table.
import { describe, expect, it } from 'vitest';
import { compileCellsQuery, type CellsRequest } from '../src/heatmaps/heatmap-cells.ts';

const NOW = new Date('2026-11-22T10:17:30.250Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const base = { websiteId: '0b7c0e5e-5d8f-4a53-9a43-3f1f1d0c9a11', pageId: '7d8f2c1a-2b3c-4d5e-8f90-1a2b3c4d5e6f', device: 'desktop' as const };

const requests: Record<string, CellsRequest> = {
  'click map, last 24 hours (hours only)': { ...base, range: { start: ago(24), end: NOW }, detail: ['click'], totals: ['fold', 'doc'] },
  'scroll map, last 30 days (days and the hours around them)': { ...base, range: { start: ago(24 * 30), end: NOW }, detail: ['reach'], totals: ['fold', 'doc', 'click'] },
};

describe('heatmap cells statement', () => {
  for (const [name, request] of Object.entries(requests)) {
    it(name, () => {
      const { sql, params } = compileCellsQuery(request);
      expect(sql).not.toMatch(/foldline\.(clicks|attention|viewport_spans|engagement|pageviews)\b/);
      expect({ sql, params }).toMatchSnapshot();
    });
  }

  it('counts the period in whole hours from the top of its first hour, to the end of the current one', () => {
    const { params } = compileCellsQuery(requests['scroll map, last 30 days (days and the hours around them)']!);
    expect(params).toMatchObject({ hourFrom0: '2026-10-23 10:00:00', dayFrom0: '2026-10-24', dayTo0: '2026-11-22', hourTo1: '2026-11-22 11:00:00' });
  });
});

// A click map narrowed to dead clicks or to the clicks of rage bursts (issue 26) reads raw clicks: the rollups carry
// neither. Its pageviews (fold, page height) are read raw too, over the same whole hours.
describe('narrowed click map statement', () => {
  const click: CellsRequest = { ...base, range: { start: ago(24), end: NOW }, detail: ['click'], totals: ['fold', 'doc'] };

  it('dead clicks: the flagged clicks of the page, device and hours', () => {
    const { sql, params } = compileCellsQuery({ ...click, only: 'dead' });
    expect(sql).toContain('FROM foldline.clicks WHERE website_id = {websiteId:UUID} AND page_id = {pageId:UUID} AND device = {device:String}');
    expect(sql).toContain('AND dead = 1');
    expect({ sql, params }).toMatchSnapshot();
  });

  it("rage clicks: every click of a burst, told over all the pageview's clicks of the hours", () => {
    const { sql, params } = compileCellsQuery({ ...click, only: 'rage' });
    expect(sql).toContain('WHERE in_rage = 1');
    expect(sql).not.toContain('dead = 1');
    expect({ sql, params }).toMatchSnapshot();
  });

  it('keeps the segment with the filter', () => {
    const { sql } = compileCellsQuery({ ...click, only: 'dead', segment: { source: 'search' } });
    expect(sql.match(/pageview_id IN \(SELECT pageview_id FROM foldline\.pageview_segments/g)).toHaveLength(1);
    expect(sql).toMatch(/AND pageview_id IN \([\s\S]*\) AND dead = 1/);
  });
});
