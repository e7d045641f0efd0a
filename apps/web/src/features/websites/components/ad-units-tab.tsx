// The website detail's Ad Units tab: filters (page, format, status, name), summary cards, the sortable table of units
// (one row each, its pages a breakdown it opens, renamable), paged on the server, with the performance score,
// viewability against the site's median, time in view and the layout shift each unit caused (issue 24) and, with revenue
// data, revenue, eCPM, viewable eCPM, fill rate and Prebid win share, and the Changes and Recommendations panels — every
// figure from the API, nothing made up.
import { AD_UNITS_PAGE_SIZE, DEFAULT_CHANGE_WINDOW_DAYS, type AdUnitFigures, type AdUnitRow, type AdUnitSort, type AdUnitsResponse, type Period, type SortOrder, type WebsiteWithPages } from '@foldline/contracts';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { ChangesPanel } from '../../../components/analytics/changes-panel.tsx';
import { KpiCard } from '../../../components/analytics/kpi-card.tsx';
import { PERIOD_OPTIONS } from '../../../components/analytics/period-options.ts';
import { RecommendationsPanel } from '../../../components/analytics/recommendations-panel.tsx';
import { coverageNote, NO_REVENUE_DATA, unconvertedNote } from '../../../components/analytics/revenue-text.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, StatusBadge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { Table, TableBody, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatChange, formatCompact, formatCtr, formatDecimal, formatMoney, formatNumber, formatOptionalPercent, formatPercent, formatPoints, formatSeconds } from '../../../lib/format.ts';
import { useAdUnitFigures } from '../api/analytics-ad-unit-figures.ts';
import { useAdUnits } from '../api/analytics-ad-units.ts';
import { useWebsiteChanges } from '../api/analytics-changes.ts';
import { useWebsiteRecommendations } from '../api/analytics-recommendations.ts';
import { pendingShiftCell, unitShiftCell, type ShiftCell } from '../lib/unit-layout-shift.ts';
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
/** With revenue data, after the specification's columns: Revenue and eCPM sort, the others do not. */
const REVENUE_COLUMNS: { key?: AdUnitSort; label: string; width: string }[] = [
  { key: 'revenue', label: 'Revenue', width: 'w-28' },
  { key: 'ecpm', label: 'eCPM', width: 'w-20' },
  { label: 'vCPM', width: 'w-20' },
  { label: 'Fill', width: 'w-20' },
  { label: 'Prebid win', width: 'w-24' },
];
/** At 1280 px the specification's columns are in view and the others (Layout shift, the revenue ones) a sideways scroll
 * of the table's box away: the name column stays at the left, a line at its edge, so a row never loses its unit. */
const STICKY_NAME = 'md:sticky md:left-0 md:z-10 md:shadow-[inset_-1px_0_0_var(--color-slate-200)]';
const sortOptions = (revenue: boolean) =>
  [...SORTABLE, ...(revenue ? REVENUE_COLUMNS : [])].flatMap(({ key, label }) =>
    key === undefined
      ? []
      : key === 'name' || key === 'format'
        ? [{ value: `${key} asc`, label: `${label}, A to Z` }, { value: `${key} desc`, label: `${label}, Z to A` }]
        : [{ value: `${key} desc`, label: `${label}, highest first` }, { value: `${key} asc`, label: `${label}, lowest first` }],
  );
/** Columns after the sortable ones and before the revenue ones: Pages, Performance, Status, Layout shift. */
const LAST_COLUMNS = 4;
const SHIFT_TONES: Record<NonNullable<ShiftCell['band']>, string> = { good: 'text-slate-500', 'needs improvement': 'text-yellow-800', poor: 'text-red-700' };
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
  // Time in view and layout shift of the rows on the screen, read from raw events: asked once the rows have come, so the
  // table never waits for them.
  const shownIds = units.data && !units.isPlaceholderData ? units.data.ad_units.map((unit) => unit.ad_unit_id) : [];
  const figures = useAdUnitFigures({ websiteId: website.website_id, period, ...(pageId === ALL ? {} : { pageId }), adUnitIds: shownIds });
  const figuresOf = new Map((figures.data?.data.units ?? []).map((row) => [row.ad_unit_id, row]));
  // Every page of the website, whatever the filters: recommendations rest on the last 30 days of all its pages.
  const recommendations = useWebsiteRecommendations({ websiteId: website.website_id });
  // Every page's layout changes on every device (each names its page), and from the same answer the advice's record.
  const [changesWindow, setChangesWindow] = useState(DEFAULT_CHANGE_WINDOW_DAYS);
  const changes = useWebsiteChanges({ websiteId: website.website_id, deviceType: 'all', window: changesWindow });
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

  // Revenue columns only with revenue data: without, they would be dashes everywhere, and the table fits at 1280 px.
  const currency = units.data?.revenue?.currency ?? null;
  const columns = SORTABLE.length + (currency ? REVENUE_COLUMNS.length : 0) + LAST_COLUMNS;

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
          <div className={`grid gap-4 sm:grid-cols-2 ${currency ? 'xl:grid-cols-4' : 'lg:grid-cols-3'}`}>
            <KpiCard title="Total Ad Units" value={formatNumber(units.data.summary.total_units)} />
            <KpiCard title="Avg. Viewability" value={formatPercent(units.data.summary.avg_viewability)} />
            <KpiCard title="Total Impressions" value={formatNumber(units.data.summary.total_impressions)} />
            {currency && <KpiCard title="Total Revenue" value={formatMoney(units.data.revenue?.total, currency)} description={revenueNote(units.data.revenue)} />}
          </div>
          {!currency && (
            <p className="text-sm text-slate-600">
              {NO_REVENUE_DATA}{' '}
              <Link to={`/dashboard/websites/${website.website_id}?tab=settings`} className="font-medium text-indigo-700 hover:text-indigo-900">
                Settings
              </Link>
            </p>
          )}
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
                options={sortOptions(currency !== null)}
                value={`${sort} ${order}`}
                onChange={(value) => {
                  const [key, direction] = value.split(' ') as [AdUnitSort, SortOrder];
                  setSort(key);
                  setOrder(direction);
                }}
                className="md:hidden"
              />
              {/* The specification's columns fit from 1280 px: names and pages truncate (whole on hover), impressions are
                  compact. Layout shift and the five revenue columns come after them: the table scrolls sideways in its
                  box there, the name column staying put. The box is a size container so a unit's opened pages stay in
                  view too (PagesOfUnit). */}
              <Table caption="Ad units" fixed dense className="@container" tableClassName={currency ? 'md:min-w-[96rem]' : 'md:min-w-[68rem]'} cards>
                <TableHead>
                  {SORTABLE.map((column) => (
                    <SortHeader key={column.key} column={column} sort={sort} order={order} onSort={sortBy} className={column.key === 'name' ? `${STICKY_NAME} bg-slate-50` : column.width} />
                  ))}
                  <Th className="w-28">Pages</Th>
                  <Th className="w-36">Performance</Th>
                  <Th className="w-24">Status</Th>
                  <Th className="w-32">Layout shift</Th>
                  {currency &&
                    REVENUE_COLUMNS.map((column) =>
                      column.key === undefined ? (
                        <Th key={column.label} className={column.width}>
                          {column.label}
                        </Th>
                      ) : (
                        <SortHeader key={column.key} column={{ ...column, key: column.key }} sort={sort} order={order} onSort={sortBy} className={column.width} />
                      ),
                    )}
                </TableHead>
                <TableBody>
                  {units.data.ad_units.map((unit) => (
                    <Fragment key={unit.unit_key}>
                      <UnitRow
                        unit={unit}
                        figures={figures.isError ? 'failed' : figuresOf.get(unit.ad_unit_id)}
                        currency={currency}
                        open={open.has(unit.unit_key)}
                        onToggle={() => toggle(unit.unit_key)}
                      />
                      {open.has(unit.unit_key) && <PagesOfUnit unit={unit} currency={currency} columns={columns} />}
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

      <ChangesPanel changes={changes} scope="website" window={changesWindow} onWindowChange={setChangesWindow} device="all" />
      <RecommendationsPanel recommendations={recommendations} scope="website" record={changes.data?.data.record} />
    </div>
  );
}

/** A column header that sorts the table, and says how it is sorted. */
function SortHeader({
  column,
  sort,
  order,
  onSort,
  className,
}: {
  column: { key: AdUnitSort; label: string };
  sort: AdUnitSort;
  order: SortOrder;
  onSort: (key: AdUnitSort) => void;
  className: string;
}) {
  const { key, label } = column;
  return (
    <Th className={className} aria-sort={sort === key ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" onClick={() => onSort(key)} className="inline-flex items-center gap-1 uppercase hover:text-slate-900">
        {label}
        <span aria-hidden="true">{sort === key ? (order === 'asc' ? '▲' : '▼') : ''}</span>
      </button>
    </Th>
  );
}

/** What the revenue figures are made of: Prebid's winning bids only, amounts in other currencies. */
function revenueNote(revenue: AdUnitsResponse['revenue']): string | undefined {
  return [coverageNote(revenue?.sources), unconvertedNote(revenue?.unconverted ?? [])].filter(Boolean).join('. ') || undefined;
}

/** A row; `figures` are its time in view and layout shift, undefined while they are read, 'failed' if they could not be. */
function UnitRow({ unit, figures, currency, open, onToggle }: { unit: AdUnitRow; figures: AdUnitFigures | 'failed' | undefined; currency: string | null; open: boolean; onToggle: () => void }) {
  const versusMedian = unit.viewability_vs_site_median_pp;
  const shift = figures === undefined || figures === 'failed' ? pendingShiftCell(figures) : unitShiftCell({ impressions: unit.impressions, ...figures });
  const timeInView = figures === undefined || figures === 'failed' ? null : figures.time_in_view;
  return (
    <tr>
      <Td className={`overflow-hidden ${STICKY_NAME} md:bg-white`}>
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
        {/* Time in view (issue 24) beside the count it is an average over: no extra column, the table fits at 1280 px. */}
        {timeInView !== null && <span className="block text-xs text-slate-500">{formatSeconds(timeInView)} in view each</span>}
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
      {/* As page analytics' Ad experience card counts it, over the pages the row covers; the reason where there is none. */}
      <Td className="tabular-nums" label="Layout shift" title={shift.title}>
        {shift.value}
        <span className={`block text-xs whitespace-normal ${shift.band ? SHIFT_TONES[shift.band] : 'text-slate-500'}`}>{shift.detail}</span>
      </Td>
      {currency && (
        <>
          <Td className="tabular-nums" label="Revenue">
            {formatMoney(unit.revenue, currency)}
          </Td>
          <Td className="tabular-nums" label="eCPM">
            {formatMoney(unit.ecpm, currency)}
          </Td>
          <Td className="tabular-nums" label="vCPM">
            {formatMoney(unit.viewable_ecpm, currency)}
          </Td>
          <Td className="tabular-nums" label="Fill">
            {formatOptionalPercent(unit.fill_rate)}
          </Td>
          <Td className="tabular-nums" label="Prebid win">
            {formatOptionalPercent(unit.prebid_win_share)}
          </Td>
        </>
      )}
    </tr>
  );
}

/** The unit's slots, page by page: where its impressions come from. */
function PagesOfUnit({ unit, currency, columns }: { unit: AdUnitRow; currency: string | null; columns: number }) {
  return (
    <tr className="bg-slate-50">
      <td colSpan={columns} className="px-3 py-2">
        {/* As wide as the table's visible box (its container) and held at its left: scrolled sideways, the pages stay in view. */}
        <ul aria-label={`Pages of ${unit.name}`} className="divide-y divide-slate-200 text-sm md:sticky md:left-3 md:w-[calc(100cqw-1.5rem)]">
          {unit.pages.map((slot) => (
            <li
              key={slot.ad_unit_id}
              className={`grid grid-cols-2 gap-x-4 gap-y-1 py-2 ${currency ? 'md:grid-cols-[minmax(0,1fr)_6rem_8rem_5rem_6rem_8rem_8rem]' : 'md:grid-cols-[minmax(0,1fr)_6rem_8rem_5rem_6rem]'}`}
            >
              <Link to={`/dashboard/pages/${slot.page_id}`} className="col-span-2 truncate font-medium text-indigo-700 hover:text-indigo-900 md:col-span-1" title={slot.page_title || slot.page_url_path}>
                {slot.page_title || slot.page_url_path}
              </Link>
              <span>{slot.ad_format}</span>
              <span className="tabular-nums">Viewability {formatPercent(slot.viewability)}</span>
              <span className="tabular-nums">CTR {formatCtr(slot.ctr)}</span>
              <span className="tabular-nums" title={formatNumber(slot.impressions)}>
                {formatCompact(slot.impressions)} impr.
              </span>
              {currency && (
                <>
                  <span className="tabular-nums">Revenue {formatMoney(slot.revenue, currency)}</span>
                  <span className="tabular-nums">eCPM {formatMoney(slot.ecpm, currency)}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}
