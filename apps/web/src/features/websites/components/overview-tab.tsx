// The website detail's Overview tab: 'Ads Metrics' (five KPI cards with arrows and beside them Revenue and RPM, a
// chart, live visitors) for its own period, Top Performing Pages with its own period and size, and the Tracking Code
// panel with verification.
import { OVERVIEW_TOP_PAGES_LIMITS, type Period, type WebsiteWithPages } from '@foldline/contracts';
import { useState } from 'react';
import { KpiCard } from '../../../components/analytics/kpi-card.tsx';
import { PERIOD_OPTIONS } from '../../../components/analytics/period-options.ts';
import { optimizationDescription } from '../../../components/analytics/recommendation-text.ts';
import { RevenueKpiCards } from '../../../components/analytics/revenue-kpi-cards.tsx';
import { TimeseriesChart } from '../../../components/analytics/timeseries-chart.tsx';
import { TopPagesTable } from '../../../components/analytics/top-pages-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatCtr, formatCtrPoints, formatNumber, formatPercent, formatPoints } from '../../../lib/format.ts';
import { useWebsiteKpi } from '../api/analytics-dashboard-kpi.ts';
import { useWebsiteTimeseries } from '../api/analytics-timeseries.ts';
import { useWebsiteTopPages } from '../api/analytics-top-pages.ts';
import { InstallationPanel } from './installation-panel.tsx';
import { LiveVisitors } from './live-visitors.tsx';

const FIRST_ROW = 'lg:col-span-2 2xl:col-span-1';
const SECOND_ROW = 'lg:col-span-3 2xl:col-span-1';
const SIZE_OPTIONS = OVERVIEW_TOP_PAGES_LIMITS.map((limit) => ({ value: String(limit), label: `Show ${limit} pages` }));

export function OverviewTab({ website }: { website: WebsiteWithPages }) {
  return (
    <div className="space-y-6">
      <AdsMetrics website={website} />
      <TopPages websiteId={website.website_id} />
      <InstallationPanel website={website} />
    </div>
  );
}

function AdsMetrics({ website }: { website: WebsiteWithPages }) {
  const [period, setPeriod] = useState<Period>('week');
  const kpi = useWebsiteKpi({ period, websiteId: website.website_id });
  const series = useWebsiteTimeseries({ period, websiteId: website.website_id });
  return (
    <Card
      title="Ads Metrics"
      actions={
        <div className="flex flex-wrap items-end gap-4">
          <LiveVisitors websiteId={website.website_id} />
          <Select<Period> label="Period" hideLabel options={PERIOD_OPTIONS} value={period} onChange={setPeriod} className="w-44" />
        </div>
      }
    >
      <div className="space-y-6">
        {kpi.isPending ? (
          <LoadingState text="Loading KPI data..." />
        ) : kpi.isError ? (
          <Alert variant="error">Failed to load KPI data: {kpi.error.message}</Alert>
        ) : (
          // Five in a row only from 2xl: at 1280 px a fifth of the card is narrower than 'Optimization Potential' on
          // one line, so three and two on a six-column grid until then.
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6 2xl:grid-cols-5">
            <KpiCard title="Total Pages" value={formatNumber(website.pages_total)} description="Tracked pages on this website" className={FIRST_ROW} />
            {/* Impressions change in percent, rates in percentage points (DESIGN.md). */}
            <KpiCard
              title="Total Ad Impressions"
              value={formatNumber(kpi.data.kpis.impressions.value)}
              change={kpi.data.kpis.impressions.change}
              formatMagnitude={formatPercent}
              changeStyle="arrow"
              className={FIRST_ROW}
            />
            <KpiCard
              title="Average Viewability"
              value={formatPercent(kpi.data.kpis.viewability.value)}
              change={kpi.data.kpis.viewability.change}
              formatMagnitude={formatPoints}
              changeStyle="arrow"
              className={FIRST_ROW}
            />
            <KpiCard
              title="Click-Through Rate"
              value={formatCtr(kpi.data.kpis.ctr.value)}
              change={kpi.data.kpis.ctr.change}
              formatMagnitude={formatCtrPoints}
              changeStyle="arrow"
              className={SECOND_ROW}
            />
            <KpiCard
              title="Optimization Potential"
              value={formatPercent(kpi.data.kpis.optimizationPotential.value)}
              change={kpi.data.kpis.optimizationPotential.change}
              changeStyle="arrow"
              description={optimizationDescription(kpi.data.optimization)}
              className={SECOND_ROW}
            />
            {/* A third row of two, or two more on the 2xl row of five. */}
            <RevenueKpiCards
              revenue={kpi.data.revenue}
              settingsLink={`/dashboard/websites/${website.website_id}?tab=settings`}
              changeStyle="arrow"
              cardClassName={SECOND_ROW}
              emptyClassName="sm:col-span-2 lg:col-span-6 2xl:col-span-2"
            />
          </div>
        )}
        {series.isPending ? (
          <LoadingState text="Loading chart..." />
        ) : series.isError ? (
          <Alert variant="error">Failed to load metrics: {series.error.message}</Alert>
        ) : (
          <TimeseriesChart series={series.data} />
        )}
      </div>
    </Card>
  );
}

function TopPages({ websiteId }: { websiteId: string }) {
  const [period, setPeriod] = useState<Period>('week');
  const [size, setSize] = useState('5');
  const pages = useWebsiteTopPages({ period, limit: Number(size), websiteId });
  return (
    <Card
      title="Top Performing Pages"
      actions={
        <>
          <Select<Period> label="Top pages period" hideLabel options={PERIOD_OPTIONS} value={period} onChange={setPeriod} className="w-44" />
          <Select label="Number of pages" hideLabel options={SIZE_OPTIONS} value={size} onChange={setSize} className="w-40" />
        </>
      }
    >
      {pages.isPending ? (
        <LoadingState text="Loading top pages..." />
      ) : pages.isError ? (
        <Alert variant="error">Failed to load top pages: {pages.error.message}</Alert>
      ) : pages.data.pages.length === 0 ? (
        <EmptyState title="No pages data" description="No page analytics data is available for the selected period." />
      ) : (
        <TopPagesTable pages={pages.data.pages} address="url_path" />
      )}
    </Card>
  );
}
