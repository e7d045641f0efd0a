// The website detail's Ad Units tab: filters (page, format, status, name), summary cards, the sortable table of units
// (one row each, its pages a breakdown it opens, renamable), paged on the server, with the performance score and
// viewability against the site's median, and the Recommendations panel — every figure from the API, nothing made up.
import { AD_UNITS_PAGE_SIZE, type AdUnitRow, type AdUnitSort, type Period, type SortOrder, type WebsiteWithPages } from '@foldline/contracts';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { KpiCard } from '../../../components/analytics/kpi-card.tsx';
import { PERIOD_OPTIONS } from '../../../components/analytics/period-options.ts';
import { RecommendationsPanel } from '../../../components/analytics/recommendations-panel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, StatusBadge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { Table, TableBody, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatChange, formatCompact, formatCtr, formatDecimal, formatNumber, formatPercent, formatPoints } from '../../../lib/format.ts';
import { useAdUnits } from '../api/analytics-ad-units.ts';
import { useWebsiteRecommendations } from '../api/analytics-recommendations.ts';
import { AdUnitName } from './ad-unit-name.tsx';

type StatusFilter = 'all' | 'active' | 'inactive';
const ALL = 'all';
const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
/** The sortable columns, with their widths at 1280 px (Name takes the rest). */
const SORTABLE: { key: AdUnitSort; label: string; width: string }[] = [
  { key: 'name', label: 'Name', width: '' },
  { key: 'format', label: 'Format', width: 'w-24' },
  { key: 'viewability', label: 'Viewability', width: 'w-44' },
  { key: 'ctr', label: 'CTR', width: 'w-20' },
  { key: 'impressions', label: 'Impressions', width: 'w-32' },
];
const SORT_OPTIONS = SORTABLE.flatMap(({ key, label }) =>
  key === 'name' || key === 'format'
    ? [{ value: `${key} asc`, label: `${label}, A to Z` }, { value: `${key} desc`, label: `${label}, Z to A` }]
    : [{ value: `${key} desc`, label: `${label}, highest first` }, { value: `${key} asc`, label: `${label}, lowest first` }],
);
const LABEL_TONES: Record<string, BadgeTone> = { Excellent: 'green', Good: 'blue', Average: 'yellow', Poor: 'red' };

export function AdUnitsTab({ website }: { website: WebsiteWithPages }) {
  const [period, setPeriod] = useState<Period>('week');
  const [pageId, setPageId] = useState(ALL);
  const [format, setFormat] = useState(ALL);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<AdUnitSort>('impressions');
  const [order, setOrder] = useState<SortOrder>('desc');
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  // Any change of filter or order starts again from the first page (set while rendering: no request for the old offset).
  const shape = [period, pageId, format, status, search.trim(), sort, order].join('\n');
  const [shapeShown, setShapeShown] = useState(shape);
  if (shape !== shapeShown) {
    setShapeShown(shape);
    setOffset(0);
  }
  const units = useAdUnits({
    limit: AD_UNITS_PAGE_SIZE,
    offset,
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
  const toggle = (unitKey: string) => {
    const next = new Set(open);
    if (!next.delete(unitKey)) next.add(unitKey);
    setOpen(next);
  };
  const filtering = pageId !== ALL || format !== ALL || status !== 'all' || search.trim() !== '';

  const sortBy = (key: AdUnitSort) => {
    // The same column toggles direction; a new one starts with the largest numbers or from A.
    if (key === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(key);
      setOrder(key === 'name' || key === 'format' ? 'asc' : 'desc');
    }
  };

  if (website.pages_total === 0) {
    return (
      <Card title="Ad Units">
        <EmptyState title="No Ad Units detected" description="Ad units are detected on your pages once the tracking code is installed and visitors view them." />
      </Card>
    );
  }

  // The pages the website's ad units sit on, not all its pages: a website may have 100,000 of them.
  const pageOptions = [{ value: ALL, label: 'All Pages' }, ...(units.data?.pages ?? []).map((page) => ({ value: page.page_id, label: page.title || page.url_path }))];
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
            <>
              {/* Phones show the rows as cards without the header row, so the sort has a control of its own there. */}
              <Select
                label="Sort ad units by"
                options={SORT_OPTIONS}
                value={`${sort} ${order}`}
                onChange={(value) => {
                  const [key, direction] = value.split(' ') as [AdUnitSort, SortOrder];
                  setSort(key);
                  setOrder(direction);
                }}
                className="md:hidden"
              />
              {/* Every column fits from 1280 px: names and pages truncate (whole on hover), impressions are compact. */}
              <Table caption="Ad units" fixed dense tableClassName="md:min-w-[52rem]" cards>
                <TableHead>
                  {SORTABLE.map(({ key, label, width }) => (
                    <Th key={key} className={width} aria-sort={sort === key ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
                      <button type="button" onClick={() => sortBy(key)} className="inline-flex items-center gap-1 uppercase hover:text-slate-900">
                        {label}
                        <span aria-hidden="true">{sort === key ? (order === 'asc' ? '▲' : '▼') : ''}</span>
                      </button>
                    </Th>
                  ))}
                  <Th className="w-28">Pages</Th>
                  <Th className="w-36">Performance</Th>
                  <Th className="w-24">Status</Th>
                </TableHead>
                <TableBody>
                  {units.data.ad_units.map((unit) => (
                    <Fragment key={unit.unit_key}>
                      <UnitRow unit={unit} open={open.has(unit.unit_key)} onToggle={() => toggle(unit.unit_key)} />
                      {open.has(unit.unit_key) && <PagesOfUnit unit={unit} />}
                    </Fragment>
                  ))}
                </TableBody>
              </Table>
              <Pager
                offset={units.data.offset}
                shown={units.data.ad_units.length}
                total={units.data.summary.total_units}
                pageSize={AD_UNITS_PAGE_SIZE}
                noun={['ad unit', 'ad units']}
                onOffset={setOffset}
                updating={units.isFetching && units.isPlaceholderData}
              />
            </>
          )}
        </>
      )}

      <RecommendationsPanel recommendations={recommendations} scope="website" />
    </div>
  );
}

function UnitRow({ unit, open, onToggle }: { unit: AdUnitRow; open: boolean; onToggle: () => void }) {
  const versusMedian = unit.viewability_vs_site_median_pp;
  return (
    <tr>
      <Td className="overflow-hidden">
        <AdUnitName unit={unit} />
      </Td>
      <Td className="truncate" label="Format" title={unit.ad_format}>
        {unit.ad_format}
      </Td>
      <Td className="tabular-nums" label="Viewability">
        {formatPercent(unit.viewability)}
        {/* What a publisher can act on beside the score: how this unit is seen against the site's other units. */}
        {versusMedian !== null && (
          <span className={`block text-xs ${versusMedian < 0 ? 'text-red-700' : 'text-slate-500'}`}>{formatChange(versusMedian, formatPoints)} vs site median</span>
        )}
      </Td>
      <Td className="tabular-nums" label="CTR">
        {formatCtr(unit.ctr)}
      </Td>
      <Td className="tabular-nums" label="Impressions" title={formatNumber(unit.impressions)}>
        {formatCompact(unit.impressions)}
      </Td>
      <Td label="Pages">
        <button type="button" onClick={onToggle} aria-expanded={open} className="inline-flex items-center gap-1 text-indigo-700 hover:text-indigo-900">
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          {formatNumber(unit.page_count)} {unit.page_count === 1 ? 'page' : 'pages'}
        </button>
      </Td>
      <Td label="Performance">
        <span className="inline-flex items-center gap-2">
          <span className="tabular-nums">{formatDecimal(unit.performance.score)}</span>
          <Badge tone={LABEL_TONES[unit.performance.label] ?? 'gray'}>{unit.performance.label}</Badge>
        </span>
      </Td>
      <Td label="Status">
        <StatusBadge status={unit.status} />
      </Td>
    </tr>
  );
}

/** The unit's slots, page by page: where its impressions come from. */
function PagesOfUnit({ unit }: { unit: AdUnitRow }) {
  return (
    <tr className="bg-slate-50">
      <td colSpan={8} className="px-3 py-2">
        <ul aria-label={`Pages of ${unit.name}`} className="divide-y divide-slate-200 text-sm">
          {unit.pages.map((slot) => (
            <li key={slot.ad_unit_id} className="grid grid-cols-2 gap-x-4 gap-y-1 py-2 md:grid-cols-[minmax(0,1fr)_6rem_8rem_5rem_6rem]">
              <Link to={`/dashboard/pages/${slot.page_id}`} className="col-span-2 truncate font-medium text-indigo-700 hover:text-indigo-900 md:col-span-1" title={slot.page_title || slot.page_url_path}>
                {slot.page_title || slot.page_url_path}
              </Link>
              <span>{slot.ad_format}</span>
              <span className="tabular-nums">Viewability {formatPercent(slot.viewability)}</span>
              <span className="tabular-nums">CTR {formatCtr(slot.ctr)}</span>
              <span className="tabular-nums" title={formatNumber(slot.impressions)}>
                {formatCompact(slot.impressions)} impr.
              </span>
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}
