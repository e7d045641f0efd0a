// The statement of a segment's page metrics (issue 26): one page's raw rows of the period, the segment's condition on
// its pageviews and on their engagement rows, every value bound, the device left out for every device; as a snapshot.
// Its figures are checked against beacons worked by hand in apps/server/test/page-metrics-segments.test.ts.
import { describe, expect, it } from 'vitest';
import { compileSegmentMetricsQuery, type SegmentMetricsRequest } from '../src/reports/page-metrics-segment.ts';

const PAGE = '6f1d1c52-45f5-4a43-9a4e-1c0f3e7b2a10';
const request: SegmentMetricsRequest = {
  websiteId: '0b8f3a2e-8c51-4d9e-b5c3-2f7d9a6e4c11',
  pageId: PAGE,
  device: 'mobile',
  range: { start: new Date('2026-08-24T10:30:00Z'), end: new Date('2026-11-22T10:30:00Z') },
  segment: { source: 'search', browser: 'Chrome' },
};

describe('compileSegmentMetricsQuery', () => {
  it("reads one page's pageviews and engagement of the period, narrowed to the segment, with values bound", () => {
    const { sql, params } = compileSegmentMetricsQuery(request);
    expect(sql).toMatch(/FROM foldline\.pageview_segments\s+WHERE .* AND source = \{segmentSource:String\}/s);
    expect(sql).toMatch(/FROM foldline\.engagement/);
    expect(sql).toMatch(/USING \(pageview_id\)/);
    expect(sql).not.toContain(PAGE);
    expect(sql).not.toContain('Chrome');
    // The engagement of pageviews that started up to a day before the period still counts (SEGMENT_LOOKBACK_MS).
    expect(params).toMatchObject({ pageId: PAGE, device: 'mobile', from: '2026-08-24 10:30:00.000', segmentFrom: '2026-08-23 10:30:00.000', segmentBrowser: 'chrome', segmentSource: 'search' });
    expect({ sql, params }).toMatchSnapshot();
  });

  it('leaves the device out for every device', () => {
    const { sql, params } = compileSegmentMetricsQuery({ ...request, device: 'all' });
    expect(sql).not.toContain('device');
    expect(params).not.toHaveProperty('device');
  });
});
