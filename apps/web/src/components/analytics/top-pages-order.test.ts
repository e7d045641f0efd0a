// Top Performing Pages' "Sort by": sessions as the API ranked them, revenue or ad density (against its limit, worst
// first), pages without the figure last.
import type { TopPage } from '@foldline/contracts';
import { describe, expect, it } from 'vitest';
import { orderTopPages } from './top-pages-table.tsx';

const page = (id: string, revenue: number | null, density: [number, number] | null): TopPage => ({
  page_id: id,
  website_id: 'w',
  title: id,
  full_url: `https://example.com/${id}`,
  url_path: `/${id}`,
  session_count: 1,
  event_count: 1,
  avg_engagement_time: 0,
  scroll_metrics: { avg_scroll_depth: 0 },
  ad_metrics: { viewability: 0, ctr: 0, clicks: 0 },
  revenue_metrics: revenue === null ? null : { currency: 'USD', revenue, rpm: null, revenue_per_1000_sessions: null },
  ad_density: density === null ? null : { device: 'mobile', density: density[0], density_limit: density[1] },
});

describe('orderTopPages', () => {
  const pages = [page('a', 5, [10, 30]), page('b', null, [28, 30]), page('c', 9, null), page('d', 1, [20, 25])];
  const ids = (list: TopPage[]) => list.map((p) => p.page_id);

  it('keeps the sessions order, and sorts by revenue or by density against its limit, unmeasured last', () => {
    expect(ids(orderTopPages(pages, 'sessions'))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(orderTopPages(pages, 'revenue'))).toEqual(['c', 'a', 'd', 'b']);
    // 28/30 = 0.93, 20/25 = 0.8, 10/30 = 0.33.
    expect(ids(orderTopPages(pages, 'ad_density'))).toEqual(['b', 'd', 'a', 'c']);
  });
});
