// The website detail's Ad Units tab: filters (page, format, status, name), summary cards, the sortable table with
// performance score and label, and the Recommendations panel — every figure from the API, nothing made up.
import type { AdUnitSort, Period, SortOrder, WebsiteWithPages } from '@foldline/contracts';
import { useState } from 'react';
import { KpiCard } from '../../../components/analytics/kpi-card.tsx';
import { PERIOD_OPTIONS } from '../../../components/analytics/period-options.ts';
import { RecommendationsPanel } from '../../../components/analytics/recommendations-panel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, StatusBadge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { Table, TableBody, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatDecimal, formatNumber, formatPercent } from '../../../lib/format.ts';
import { useAdUnits } from '../api/analytics-ad-units.ts';
import { useWebsiteRecommendations } from '../api/analytics-recommendations.ts';

type StatusFilter = 'all' | 'active' | 'inactive';
const ALL = 'all';
const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const SORTABLE: { key: AdUnitSort; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'format', label: 'Format' },
  { key: 'viewability', label: 'Viewability' },
  { key: 'ctr', label: 'CTR' },
  { key: 'impressions', label: 'Impressions' },
];
const LABEL_TONES: Record<string, BadgeTone> = { Excellent: 'green', Good: 'blue', Average: 'yellow', Poor: 'red' };

export function AdUnitsTab({ website }: { website: WebsiteWithPages }) {
  const [period, setPeriod] = useState<Period>('week');
  const [pageId, setPageId] = useState(ALL);
  const [format, setFormat] = useState(ALL);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<AdUnitSort>('impressions');
  const [order, setOrder] = useState<SortOrder>('desc');
  const units = useAdUnits({
    websiteId: website.website_id,
    period,
    status,
    sort,
    order,
    ...(pageId === ALL ? {} : { pageId }),
    ...(format === ALL ? {} : { format }),
    ...(search.trim() ? { search: search.trim() } : {}),
  });
  // Every page of the website, whatever the filters: recommendations rest on the last 30 days of all its pages.
  const recommendations = useWebsiteRecommendations({ websiteId: website.website_id });
  const filtering = pageId !== ALL || format !== ALL || status !== 'all' || search.trim() !== '';

  const sortBy = (key: AdUnitSort) => {
    // The same column toggles direction; a new one starts with the largest numbers or from A.
    if (key === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(key);
      setOrder(key === 'name' || key === 'format' ? 'asc' : 'desc');
    }
  };

  if (website.pages.length === 0) {
    return (
      <Card title="Ad Units">
        <EmptyState title="No Ad Units detected" description="Ad units are detected on your pages once the tracking code is installed and visitors view them." />
      </Card>
    );
  }

  const pageOptions = [{ value: ALL, label: 'All Pages' }, ...website.pages.map((page) => ({ value: page.page_id, label: page.title || page.url_path }))];
  const formatOptions = [{ value: ALL, label: 'All Formats' }, ...(units.data?.formats ?? []).map((f) => ({ value: f, label: f }))];

  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Select label="Page" options={pageOptions} value={pageId} onChange={setPageId} />
        <Select label="Ad Format" options={formatOptions} value={format} onChange={setFormat} />
        <Select<StatusFilter> label="Status" options={STATUS_OPTIONS} value={status} onChange={setStatus} />
        <TextField label="Search" type="search" placeholder="Search ad units..." value={search} onChange={(event) => setSearch(event.target.value)} />
        <Select<Period> label="Time Period" options={PERIOD_OPTIONS} value={period} onChange={setPeriod} />
      </div>

      {units.isPending ? (
        <LoadingState text="Loading ad units..." />
      ) : units.isError ? (
        <Alert variant="error">Failed to load ad units data: {units.error.message}</Alert>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <KpiCard title="Total Ad Units" value={formatNumber(units.data.summary.total_units)} />
            <KpiCard title="Avg. Viewability" value={formatPercent(units.data.summary.avg_viewability)} />
            <KpiCard title="Total Impressions" value={formatNumber(units.data.summary.total_impressions)} />
          </div>
          {units.data.ad_units.length === 0 ? (
            <Card title="Ad Units">
              <EmptyState
                title="No ad units found"
                description={filtering ? 'Try adjusting your filters to find ad units.' : 'No ad units have been detected on this website yet.'}
              />
            </Card>
          ) : (
            <Table caption="Ad units">
              <TableHead>
                {SORTABLE.map(({ key, label }) => (
                  <Th key={key} aria-sort={sort === key ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
                    <button type="button" onClick={() => sortBy(key)} className="inline-flex items-center gap-1 uppercase hover:text-slate-900">
                      {label}
                      <span aria-hidden="true">{sort === key ? (order === 'asc' ? '▲' : '▼') : ''}</span>
                    </button>
                  </Th>
                ))}
                <Th>Page</Th>
                <Th>Performance</Th>
                <Th>Status</Th>
              </TableHead>
              <TableBody>
                {units.data.ad_units.map((unit) => (
                  <tr key={unit.ad_unit_id}>
                    <Td className="font-medium text-slate-900">{unit.name}</Td>
                    <Td>{unit.ad_format}</Td>
                    <Td className="tabular-nums">{formatPercent(unit.viewability)}</Td>
                    <Td className="tabular-nums">{formatPercent(unit.ctr)}</Td>
                    <Td className="tabular-nums">{formatNumber(unit.impressions)}</Td>
                    <Td className="max-w-48 truncate">{unit.page_title || unit.page_url_path}</Td>
                    <Td>
                      <span className="mr-2 tabular-nums">{formatDecimal(unit.performance.score)}</span>
                      <Badge tone={LABEL_TONES[unit.performance.label] ?? 'gray'}>{unit.performance.label}</Badge>
                    </Td>
                    <Td>
                      <StatusBadge status={unit.status} />
                    </Td>
                  </tr>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}

      <RecommendationsPanel recommendations={recommendations} scope="website" />
    </div>
  );
}
