// The Top Performing Pages table of the dashboard home (page title and full URL) and the website overview
// (title and url_path): sessions with events, engagement, scroll depth, viewability, CTR with clicks, with revenue data
// revenue with RPM, where the advice measured it the page's ad density under its viewability (issue 24), View link. The pages come by
// sessions (the specification's order); "Sort by" orders the listed ones by revenue or by ad density instead.
// Every column fits its card from 1280 px (long titles truncate, with the whole title on hover); a phone shows
// each page as a card.
import type { TopPage } from '@foldline/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCompact, formatCtr, formatMoney, formatNumber, formatPercent, formatSeconds } from '../../lib/format.ts';
import { PercentBar } from '../ui/percent-bar.tsx';
import { Table, TableBody, TableHead, Td, Th } from '../ui/table.tsx';

const plural = (count: number, one: string, many: string) => `${formatCompact(count)} ${count === 1 ? one : many}`;

type TopPagesOrder = 'sessions' | 'revenue' | 'ad_density';

/** Density against its limit: the page's ad experience, worst first (pages not measured last). */
const densityRatio = (page: TopPage) => (page.ad_density ? page.ad_density.density / page.ad_density.density_limit : -1);

/** The listed pages in an order: by sessions as they came, else by the figure, largest first. */
export function orderTopPages(pages: readonly TopPage[], order: TopPagesOrder): TopPage[] {
  if (order === 'sessions') return [...pages];
  const figure = order === 'revenue' ? (page: TopPage) => page.revenue_metrics?.revenue ?? -1 : densityRatio;
  return [...pages].sort((a, b) => figure(b) - figure(a));
}

export function TopPagesTable({ pages, address }: { pages: readonly TopPage[]; address: 'full_url' | 'url_path' }) {
  // A Revenue column only when a listed page's website has revenue data; the ad density, where the advice measured it,
  // under the viewability (a column of its own would leave the page's title no room at 1280 px).
  const revenue = pages.some((page) => page.revenue_metrics);
  const density = pages.some((page) => page.ad_density);
  const [order, setOrder] = useState<TopPagesOrder>('sessions');
  const sorted = orderTopPages(pages, order);
  return (
    <div className="space-y-2">
      {(revenue || density) && (
        <label className="flex items-center justify-end gap-2 text-sm text-slate-600">
          Sort by
          <select value={order} onChange={(event) => setOrder(event.target.value as TopPagesOrder)} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900">
            <option value="sessions">Sessions</option>
            {revenue && <option value="revenue">Revenue</option>}
            {density && <option value="ad_density">Ad density</option>}
          </select>
        </label>
      )}
      <Table caption="Top Performing Pages" fixed dense tableClassName={revenue ? 'md:min-w-[51rem]' : 'md:min-w-[44rem]'} cards>
        <TableHead>
          <Th>Page</Th>
          <Th className="w-24">Sessions</Th>
          <Th className="w-28">Engagement Time</Th>
          <Th className="w-36">Scroll Depth</Th>
          <Th className="w-36">Viewability</Th>
          <Th className="w-24">CTR</Th>
          {revenue && <Th className="w-28">Revenue</Th>}
          <Th className="w-16">
            <span className="sr-only">Actions</span>
          </Th>
        </TableHead>
        <TableBody>
          {sorted.map((page) => {
            const title = page.title || page.url_path;
            return (
              <tr key={page.page_id}>
                <Td>
                  <div className="font-medium text-slate-900 md:truncate" title={title}>
                    {title}
                  </div>
                  <div className="text-xs text-slate-500 md:truncate" title={page[address]}>
                    {page[address]}
                  </div>
                </Td>
                <Td label="Sessions">
                  <div className="tabular-nums text-slate-900" title={formatNumber(page.session_count)}>
                    {formatCompact(page.session_count)}
                  </div>
                  <div className="text-xs text-slate-500" title={`${formatNumber(page.event_count)} events`}>
                    {plural(page.event_count, 'event', 'events')}
                  </div>
                </Td>
                <Td className="tabular-nums" label="Engagement Time">
                  {formatSeconds(page.avg_engagement_time)}
                </Td>
                <Td label="Scroll Depth">
                  <PercentBar value={page.scroll_metrics.avg_scroll_depth} label="Scroll depth" />
                </Td>
                <Td label="Viewability">
                  <PercentBar value={page.ad_metrics.viewability} label="Viewability" tone="green" />
                  {page.ad_density && (
                    <div
                      className={`mt-1 text-xs ${page.ad_density.density > page.ad_density.density_limit ? 'font-medium text-red-700' : 'text-slate-500'}`}
                      title={`Ads take ${formatPercent(page.ad_density.density)} of the main content's height on ${page.ad_density.device}; the limit there is ${formatPercent(page.ad_density.density_limit)}`}
                    >
                      Ad density {formatPercent(page.ad_density.density)} · {page.ad_density.device}
                      {page.ad_density.density > page.ad_density.density_limit ? ' · over limit' : ''}
                    </div>
                  )}
                </Td>
                <Td label="CTR">
                  <div className="tabular-nums text-slate-900">{formatCtr(page.ad_metrics.ctr)}</div>
                  <div className="text-xs text-slate-500" title={`${formatNumber(page.ad_metrics.clicks)} clicks`}>
                    {plural(page.ad_metrics.clicks, 'click', 'clicks')}
                  </div>
                </Td>
                {revenue && (
                  <Td label="Revenue">
                    {page.revenue_metrics ? (
                      <>
                        <div className="tabular-nums text-slate-900">{formatMoney(page.revenue_metrics.revenue, page.revenue_metrics.currency)}</div>
                        <div className="text-xs text-slate-500" title="Revenue per 1,000 pageviews">
                          RPM {formatMoney(page.revenue_metrics.rpm, page.revenue_metrics.currency)}
                        </div>
                      </>
                    ) : (
                      <span className="text-slate-500">—</span>
                    )}
                  </Td>
                )}
                <Td className="text-right">
                  {/* aria-label rather than a visually hidden span: absolutely positioned text escapes the table's scroll clip. */}
                  <Link to={`/dashboard/pages/${page.page_id}`} className="font-medium text-indigo-700 hover:text-indigo-900" aria-label={`View ${title}`}>
                    View
                  </Link>
                </Td>
              </tr>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
