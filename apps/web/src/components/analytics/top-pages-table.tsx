// The Top Performing Pages table of the dashboard home (page title and full URL) and the website overview
// (title and url_path): sessions with events, engagement, scroll depth, viewability, CTR with clicks, View link.
import type { TopPage } from '@foldline/contracts';
import { Link } from 'react-router';
import { formatNumber, formatPercent, formatSeconds } from '../../lib/format.ts';
import { PercentBar } from '../ui/percent-bar.tsx';
import { Table, TableBody, TableHead, Td, Th } from '../ui/table.tsx';

export function TopPagesTable({ pages, address }: { pages: readonly TopPage[]; address: 'full_url' | 'url_path' }) {
  return (
    <Table caption="Top Performing Pages">
      <TableHead>
        <Th>Page</Th>
        <Th>Sessions</Th>
        <Th>Engagement Time</Th>
        <Th>Scroll Depth</Th>
        <Th>Viewability</Th>
        <Th>CTR</Th>
        <Th>Actions</Th>
      </TableHead>
      <TableBody>
        {pages.map((page) => (
          <tr key={page.page_id}>
            <Td className="max-w-xs">
              <div className="truncate font-medium text-slate-900">{page.title || page.url_path}</div>
              <div className="truncate text-xs text-slate-500">{page[address]}</div>
            </Td>
            <Td>
              <div className="tabular-nums text-slate-900">{formatNumber(page.session_count)}</div>
              <div className="text-xs text-slate-500">
                {formatNumber(page.event_count)} {page.event_count === 1 ? 'event' : 'events'}
              </div>
            </Td>
            <Td className="tabular-nums">{formatSeconds(page.avg_engagement_time)}</Td>
            <Td>
              <PercentBar value={page.scroll_metrics.avg_scroll_depth} label="Scroll depth" />
            </Td>
            <Td>
              <PercentBar value={page.ad_metrics.viewability} label="Viewability" tone="green" />
            </Td>
            <Td>
              <div className="tabular-nums text-slate-900">{formatPercent(page.ad_metrics.ctr)}</div>
              <div className="text-xs text-slate-500">
                {formatNumber(page.ad_metrics.clicks)} {page.ad_metrics.clicks === 1 ? 'click' : 'clicks'}
              </div>
            </Td>
            <Td className="text-right">
              {/* aria-label rather than a visually hidden span: absolutely positioned text escapes the table's scroll clip. */}
              <Link to={`/dashboard/pages/${page.page_id}`} className="font-medium text-indigo-700 hover:text-indigo-900" aria-label={`View ${page.title || page.url_path}`}>
                View
              </Link>
            </Td>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}
