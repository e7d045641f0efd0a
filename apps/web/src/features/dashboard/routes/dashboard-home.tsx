// /dashboard — filters (website, period, top pages limit), the four KPI cards and beside them Revenue and RPM, the
// chart over time, Top Performing Pages and Your Websites, each with its own loading, error and empty state.
import { TOP_PAGES_LIMITS, type Period } from '@foldline/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { KpiCard } from '../../../components/analytics/kpi-card.tsx';
import { PERIOD_OPTIONS } from '../../../components/analytics/period-options.ts';
import { optimizationDescription } from '../../../components/analytics/recommendation-text.ts';
import { RevenueKpiCards } from '../../../components/analytics/revenue-kpi-cards.tsx';
import { SimulatedDataNotice } from '../../../components/analytics/simulated-data-notice.tsx';
import { TimeseriesChart } from '../../../components/analytics/timeseries-chart.tsx';
import { TopPagesTable } from '../../../components/analytics/top-pages-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { Table, TableBody, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { formatCtr, formatCtrPoints, formatDateTime, formatNumber, formatPercent, formatPoints } from '../../../lib/format.ts';
import { useDashboardKpi } from '../api/get-dashboard-kpi.ts';
import { useTimeseries } from '../api/get-timeseries.ts';
import { useTopPages } from '../api/get-top-pages.ts';
import { useWebsites } from '../api/get-websites.ts';

const ALL = 'all';
const LIMIT_OPTIONS = TOP_PAGES_LIMITS.map((limit) => ({ value: String(limit), label: String(limit) }));
const linkClass = 'font-medium text-indigo-700 hover:text-indigo-900';

export default function DashboardHomeRoute() {
  const [websiteId, setWebsiteId] = useState<string>(ALL);
  const [period, setPeriod] = useState<Period>('month');
  const [limit, setLimit] = useState('5');
  const websites = useWebsites();
  const scope = websiteId === ALL ? {} : { websiteId };
  const kpi = useDashboardKpi({ period, ...scope });
  const series = useTimeseries({ period, ...scope });
  const topPages = useTopPages({ period, limit: Number(limit), ...scope });
  const websiteOptions = [{ value: ALL, label: 'All Websites' }, ...(websites.data?.websites ?? []).map((w) => ({ value: w.website_id, label: w.name }))];
  // Revenue is set up in a website's Settings tab: the chosen one's, the only one's, else the list to pick one from.
  const settingsOf = websiteId !== ALL ? websiteId : websites.data?.websites.length === 1 ? websites.data.websites[0]!.website_id : undefined;
  const settingsLink = settingsOf ? `/dashboard/websites/${settingsOf}?tab=settings` : '/dashboard/websites';

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
        {websites.data?.websites.some((website) => website.is_demo) && <SimulatedDataNotice amongOthers className="mt-1" />}
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <Select label="Website" options={websiteOptions} value={websiteId} onChange={setWebsiteId} />
        <Select<Period> label="Time Period" options={PERIOD_OPTIONS} value={period} onChange={setPeriod} />
        <Select label="Top Pages Limit" options={LIMIT_OPTIONS} value={limit} onChange={setLimit} />
      </div>

      {kpi.isPending ? (
        <LoadingState text="Loading KPI data..." />
      ) : kpi.isError ? (
        <Alert variant="error">Failed to load KPI data: {kpi.error.message}</Alert>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Showing data from {formatDateTime(kpi.data.timeRange.current.start)} to {formatDateTime(kpi.data.timeRange.current.end)}
          </p>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {/* Impressions change in percent, rates in percentage points (DESIGN.md). */}
            <KpiCard title="Total Ad Impressions" value={formatNumber(kpi.data.kpis.impressions.value)} change={kpi.data.kpis.impressions.change} formatMagnitude={formatPercent} />
            <KpiCard title="Average Viewability" value={formatPercent(kpi.data.kpis.viewability.value)} change={kpi.data.kpis.viewability.change} formatMagnitude={formatPoints} />
            <KpiCard title="Average Click-Through Rate" value={formatCtr(kpi.data.kpis.ctr.value)} change={kpi.data.kpis.ctr.change} formatMagnitude={formatCtrPoints} />
            <KpiCard
              title="Optimization Potential"
              value={formatPercent(kpi.data.kpis.optimizationPotential.value)}
              change={kpi.data.kpis.optimizationPotential.change}
              description={optimizationDescription(kpi.data.optimization)}
            />
            <RevenueKpiCards revenue={kpi.data.revenue} settingsLink={settingsLink} emptyClassName="sm:col-span-2 xl:col-span-2" />
          </div>
        </>
      )}

      <Card title="Performance over time" description="Ad impressions and viewability in the selected period.">
        {series.isPending ? (
          <LoadingState text="Loading chart..." />
        ) : series.isError ? (
          <Alert variant="error">Failed to load metrics: {series.error.message}</Alert>
        ) : (
          <TimeseriesChart series={series.data} />
        )}
      </Card>

      <Card title="Top Performing Pages">
        {topPages.isPending ? (
          <LoadingState text="Loading top pages..." />
        ) : topPages.isError ? (
          <Alert variant="error">Failed to load top pages: {topPages.error.message}</Alert>
        ) : topPages.data.pages.length === 0 ? (
          <EmptyState title="No pages data" description="No page analytics data is available for the selected period." />
        ) : (
          <TopPagesTable pages={topPages.data.pages} address="full_url" />
        )}
      </Card>

      <Card
        title="Your Websites"
        actions={
          <>
            <ButtonLink to="/dashboard/websites/new" size="sm">
              Add Website
            </ButtonLink>
            <ButtonLink to="/dashboard/websites" size="sm" variant="secondary">
              View All Websites
            </ButtonLink>
          </>
        }
      >
        {websites.isPending ? (
          <LoadingState text="Loading websites..." />
        ) : websites.isError ? (
          <Alert variant="error">Failed to load websites: {websites.error.message}</Alert>
        ) : websites.data.websites.length === 0 ? (
          <EmptyState title="No websites" description="Get started by adding a new website." />
        ) : (
          <Table caption="Your Websites" fixed dense tableClassName="md:min-w-[40rem]" cards>
            <TableHead>
              <Th>Website</Th>
              <Th>Domain</Th>
              <Th className="w-24">Status</Th>
              <Th className="w-48">Last Activity</Th>
              <Th className="w-24">Actions</Th>
            </TableHead>
            <TableBody>
              {websites.data.websites.map((website) => (
                <tr key={website.website_id}>
                  <Td className="truncate font-medium text-slate-900" title={website.name}>
                    {website.name}
                  </Td>
                  <Td className="truncate" label="Domain" title={website.domain}>
                    {website.domain}
                  </Td>
                  <Td label="Status">
                    <StatusBadge status={website.status} />
                  </Td>
                  {/* The latest event's time, else the creation date (the specification shows created_at; DESIGN.md). */}
                  <Td label="Last Activity">{formatDateTime(website.last_activity)}</Td>
                  <Td className="text-right">
                    <Link to={`/dashboard/websites/${website.website_id}`} className={linkClass} aria-label={`View ${website.name}`}>
                      View
                    </Link>
                  </Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
    </div>
  );
}
