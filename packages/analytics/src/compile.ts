// Turns an AnalyticsQuery into one ClickHouse SQL statement. Values only ever enter as bound `{name:Type}`
// parameters; identifiers come only from the allowlists below. Each source (ad events, page stats,
// sessions, activity) yields partial aggregates ("components") in a UNION ALL branch, and the
// outer SELECT sums them per dimension and derives the metrics, so one statement answers any mix of metrics.
import { ADDITIVE_METRICS, DIMENSIONS, METRICS, type AnalyticsQuery, type Dimension, type Metric, type TimeWindow } from './query.ts';
import { splitSkipping, type Segments } from './segments.ts';

export interface CompiledQuery {
  sql: string;
  params: Record<string, unknown>;
}

const COMPONENTS = [
  'c_impressions',
  'c_viewable',
  'c_ad_clicks',
  'c_events',
  'c_pageviews',
  'c_sessions',
  'c_engaged_pageviews',
  'c_engaged_ms',
  'c_scroll_sum',
  'c_active_visitors',
  'c_prebid_revenue',
  'c_bids',
  'c_wins',
  'c_empties',
] as const;
type Component = (typeof COMPONENTS)[number];

type SourceName = 'ads' | 'page_stats' | 'sessions' | 'activity' | 'revenue';

const safeRatio = (numerator: string, denominator: string, scale = '') =>
  `if(sum(${denominator}) = 0, 0, sum(${numerator})${scale} / sum(${denominator}))`;

/** Each metric: the components it needs, where they come from, and how the outer query derives it. */
const METRIC_DEFINITIONS: Record<Metric, { source: SourceName; components: Component[]; expression: string }> = {
  impressions: { source: 'ads', components: ['c_impressions'], expression: 'sum(c_impressions)' },
  viewable_impressions: { source: 'ads', components: ['c_viewable'], expression: 'sum(c_viewable)' },
  ad_clicks: { source: 'ads', components: ['c_ad_clicks'], expression: 'sum(c_ad_clicks)' },
  // DESIGN.md: viewable / measured impressions × 100; ad clicks / impressions × 100.
  viewability: { source: 'ads', components: ['c_impressions', 'c_viewable'], expression: safeRatio('c_viewable', 'c_impressions', ' * 100') },
  ctr: { source: 'ads', components: ['c_impressions', 'c_ad_clicks'], expression: safeRatio('c_ad_clicks', 'c_impressions', ' * 100') },
  events: { source: 'page_stats', components: ['c_events'], expression: 'sum(c_events)' },
  pageviews: { source: 'page_stats', components: ['c_pageviews'], expression: 'sum(c_pageviews)' },
  sessions: { source: 'sessions', components: ['c_sessions'], expression: 'sum(c_sessions)' },
  // Over the pageviews whose first engagement row lies in the period: engaged ms of the period's rows, and each
  // pageview's deepest scroll (the sum of its rows' depth gains), per pageview.
  avg_engagement_ms: {
    source: 'page_stats',
    components: ['c_engaged_pageviews', 'c_engaged_ms'],
    expression: safeRatio('c_engaged_ms', 'c_engaged_pageviews'),
  },
  avg_scroll_depth: {
    source: 'page_stats',
    components: ['c_engaged_pageviews', 'c_scroll_sum'],
    expression: safeRatio('c_scroll_sum', 'c_engaged_pageviews'),
  },
  engaged_pageviews: { source: 'page_stats', components: ['c_engaged_pageviews'], expression: 'sum(c_engaged_pageviews)' },
  engaged_ms: { source: 'page_stats', components: ['c_engaged_ms'], expression: 'sum(c_engaged_ms)' },
  scroll_sum: { source: 'page_stats', components: ['c_scroll_sum'], expression: 'sum(c_scroll_sum)' },
  active_visitors: { source: 'activity', components: ['c_active_visitors'], expression: 'sum(c_active_visitors)' },
  // Summing bid rows is summing each impression's largest CPM (event-store migration 024 says why).
  prebid_revenue: { source: 'revenue', components: ['c_prebid_revenue'], expression: 'sum(c_prebid_revenue)' },
  prebid_auctions: { source: 'revenue', components: ['c_bids'], expression: 'sum(c_bids)' },
  prebid_wins: { source: 'revenue', components: ['c_wins'], expression: 'sum(c_wins)' },
  empty_renders: { source: 'revenue', components: ['c_empties'], expression: 'sum(c_empties)' },
};

/** `currency` is every source's: only the revenue source's rows have one; the others' figures come under ''. So one
 * statement reads a unit's or page's Prebid figures per currency beside its other figures. */
const SOURCE_DIMENSIONS: Record<SourceName, readonly Dimension[]> = {
  ads: DIMENSIONS,
  revenue: DIMENSIONS,
  page_stats: ['website_id', 'page_id', 'device', 'hour', 'day', 'currency'],
  sessions: ['website_id', 'page_id', 'device', 'hour', 'day', 'currency'],
  activity: ['website_id', 'page_id', 'device', 'hour', 'day', 'currency'],
};

/** The additive components as the combined stats tables (site_stats_hourly, page_stats_*, page_events_log) hold them. */
const STATS_SUMS: Partial<Record<Component, string>> = {
  c_impressions: 'sum(impressions)',
  c_viewable: 'sum(viewable)',
  c_ad_clicks: 'sum(clicks)',
  c_events: 'sum(events)',
  c_pageviews: 'sum(pageviews)',
  c_engaged_pageviews: 'sum(engaged_pageviews)',
  c_engaged_ms: 'sum(engaged_ms)',
  c_scroll_sum: 'sum(scroll_sum)',
};
/** Tables whose rows show a visitor is on the site right now. */
const ACTIVITY_TABLES = ['pageviews', 'engagement', 'viewport_spans', 'clicks'] as const;

const TIME = "DateTime64(3, 'UTC')";

/** Distinct sessions, over 64-bit hashes of their ids: uniqExact on the 128-bit UUIDs themselves built hash sets twice
 * as large, which made a year of top pages take 174 ms at p95 instead of 58 (bench data). Two sessions share a hash
 * with odds of about n² / 2^65 — 3 in 100 million for a page with a million sessions. page_sessions holds the hash
 * (event-store migration 019). */
const DISTINCT_SESSIONS = 'uniqExact(cityHash64(session_id))';
const DISTINCT_SESSION_HASHES = 'uniqExact(session_hash)';

/** Collects bound parameters and hands out their placeholders. */
class Params {
  readonly values: Record<string, unknown> = {};
  private count = 0;
  add(prefix: string, type: string, value: unknown): string {
    const name = `${prefix}${this.count++}`;
    this.values[name] = value;
    return `{${name}:${type}}`;
  }
  named(name: string, type: string, value: unknown): string {
    this.values[name] = value;
    return `{${name}:${type}}`;
  }
}

const DAY_MS = 86_400_000;
const ceilDay = (time: Date) => new Date(Math.ceil(time.getTime() / DAY_MS) * DAY_MS);

function formatTime(time: Date): string {
  const iso = time.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
}

export function compileQuery(query: AnalyticsQuery): CompiledQuery {
  validate(query);
  return compile(query, false);
}

/** A metric that its source's branch gives as it is (one component, summed): a query of only such metrics, read by one
 * branch, needs no outer level (whose planning costs the embedded engine some 5 ms a statement). */
const plainSum = (metric: Metric) => METRIC_DEFINITIONS[metric].expression === `sum(${METRIC_DEFINITIONS[metric].components[0]})`;

/** The statement; `flat`: its one branch names its sums as the metrics and is the statement. */
function compile(query: AnalyticsQuery, flat: boolean): CompiledQuery {
  const params = new Params();
  const dimensions = [...(query.dimensions ?? [])];
  const comparing = query.comparison !== undefined;
  const split = comparing ? params.named('current_start', TIME, formatTime(query.range.start)) : '';
  const timezone = dimensions.includes('day') ? params.named('timezone', 'String', query.timezone ?? 'UTC') : '';
  const window: TimeWindow = { start: query.comparison?.start ?? query.range.start, end: query.range.end };
  const boundaries = comparing ? [window.start, query.range.start, window.end] : [window.start, window.end];

  const sources = [...new Set(query.metrics.map((metric) => METRIC_DEFINITIONS[metric].source))];
  const components = COMPONENTS.filter((component) =>
    query.metrics.some((metric) => METRIC_DEFINITIONS[metric].components.includes(component)),
  );

  const filterSql = filters(query, params);
  const siteLevel = !dimensions.includes('page_id') && !dimensions.includes('ad_unit_id') && !query.filters.pageIds;
  const splitDay = comparing ? params.named('current_first_day', 'Date', formatTime(ceilDay(query.range.start)).slice(0, 10)) : '';
  const names = flat ? new Map(query.metrics.map((metric) => [METRIC_DEFINITIONS[metric].components[0]!, metric])) : undefined;
  const context: BranchContext = { dimensions, comparing, split, splitDay, siteLevel, timezone, components, filterSql, params, skip: query.skip, names };
  const branches: string[] = [];
  const shared: Component[] = [];
  const edges: AdEventEdges = { own: {}, kinds: [], currency: false };
  for (const source of sources) {
    const needed = components.filter((component) => query.metrics.some((m) => METRIC_DEFINITIONS[m].source === source && METRIC_DEFINITIONS[m].components.includes(component)));
    branches.push(...sourceBranches(source, needed, context, boundaries, window, shared, edges));
  }
  if (shared.length) branches.push(...statsBranches(shared, context, boundaries));
  if (edges.segments) {
    const kinds = edges.kinds.map((kind) => `'${kind}'`).join(', ');
    const where = `${filterSql} AND kind IN (${kinds}) AND ${timeCondition('ts', edges.segments, params, TIME)}`;
    branches.push(branch(context, 'ts', 'foldline.ad_events', where, edges.own, edges.currency));
  }

  if (!flat && branches.length === 1 && query.metrics.every(plainSum)) return compile(query, true);
  const keys = [...(comparing ? ['period'] : []), ...dimensions];
  const select = [...keys, ...query.metrics.map((metric) => `${METRIC_DEFINITIONS[metric].expression} AS ${metric}`)];
  const order = [...(query.orderBy ?? []).map((o) => `${o.field} ${o.direction === 'asc' ? 'ASC' : 'DESC'}`), ...keys];
  let sql = flat ? branches[0]!.trim() : `SELECT ${select.join(', ')}\nFROM (\n${branches.join('\n  UNION ALL\n')}\n)`;
  if (keys.length && !flat) sql += `\nGROUP BY ${keys.join(', ')}`;
  if (order.length) sql += `\nORDER BY ${order.join(', ')}`;
  if (query.limit !== undefined) sql += `\nLIMIT ${params.named('limit', 'UInt32', query.limit)}`;
  return { sql, params: params.values };
}

/** The partial hours at a window's edges that only raw ad events answer, for every source that needs them (ad units'
 * counts and revenue): one read of ad_events for all, since each read of a table costs the embedded engine more than
 * the rows in it. */
interface AdEventEdges {
  segments?: TimeWindow[];
  own: Partial<Record<Component, string>>;
  /** The ad_events kinds the components count (allowlisted names, never input). */
  kinds: string[];
  /** The revenue source needs its currency column. */
  currency: boolean;
}

/** Adds a source's edge components to the shared read of raw ad events. */
function addEdges(edges: AdEventEdges, segments: TimeWindow[], own: Partial<Record<Component, string>>, kinds: readonly string[], currency: boolean): void {
  edges.segments = segments;
  Object.assign(edges.own, own);
  for (const kind of kinds) if (!edges.kinds.includes(kind)) edges.kinds.push(kind);
  edges.currency ||= currency;
}

interface BranchContext {
  dimensions: Dimension[];
  comparing: boolean;
  split: string;
  /** The first whole day of the current period, for daily rollup rows (a Date parameter). */
  splitDay: string;
  /** No page or ad-unit split or filter: the per-website rollup suffices. */
  siteLevel: boolean;
  timezone: string;
  components: Component[];
  filterSql: string;
  params: Params;
  /** Days the caller has counted already: no branch reads them. */
  skip: TimeWindow | undefined;
  /** A flat statement's metric name of each component (compile). */
  names: Map<Component, Metric> | undefined;
}

/** The windows each tier reads (splitByTier), without the days the query skips. */
function tiers(context: BranchContext, boundaries: readonly Date[], withDays: boolean): Segments {
  return splitSkipping(boundaries, withDays, context.skip);
}

function validate(query: AnalyticsQuery): void {
  if (query.metrics.length === 0) throw new Error('An analytics query needs at least one metric');
  for (const metric of query.metrics) if (!METRICS.includes(metric)) throw new Error(`Unknown metric: ${String(metric)}`);
  for (const dimension of query.dimensions ?? []) {
    if (!DIMENSIONS.includes(dimension)) throw new Error(`Unknown dimension: ${String(dimension)}`);
    for (const metric of query.metrics) {
      const source = METRIC_DEFINITIONS[metric].source;
      if (!SOURCE_DIMENSIONS[source].includes(dimension)) throw new Error(`Metric ${metric} cannot be split by ${dimension}`);
    }
  }
  for (const order of query.orderBy ?? []) {
    const known = (query.metrics as readonly string[]).includes(order.field) || (query.dimensions as readonly string[] | undefined)?.includes(order.field);
    if (!known) throw new Error(`Cannot order by ${String(order.field)}: it is not selected`);
  }
  if (query.comparison && query.comparison.end.getTime() !== query.range.start.getTime()) {
    throw new Error('The comparison window must end where the range starts');
  }
  if (!(query.range.start < query.range.end)) throw new Error('The range must start before it ends');
  if (query.skip) {
    const { start, end } = query.skip;
    if (query.comparison) throw new Error('A query that skips days cannot compare periods');
    if (start.getTime() % DAY_MS !== 0 || end.getTime() % DAY_MS !== 0 || start < query.range.start || end > query.range.end || !(start < end)) {
      throw new Error('The skipped days must be whole UTC days inside the range');
    }
    if (start <= query.range.start && end >= query.range.end) throw new Error('A query must read some of its range');
    const other = query.metrics.find((metric) => !ADDITIVE_METRICS.has(metric));
    if (other) throw new Error(`Metric ${other} is not additive: a query that skips days cannot read it`);
  }
  if (query.limit !== undefined && (!Number.isInteger(query.limit) || query.limit < 1)) throw new Error('limit must be a positive integer');
}

function filters(query: AnalyticsQuery, params: Params): string {
  const parts = [`website_id IN ${params.named('website_ids', 'Array(UUID)', query.filters.websiteIds)}`];
  if (query.filters.pageIds) parts.push(`page_id IN ${params.named('page_ids', 'Array(UUID)', query.filters.pageIds)}`);
  if (query.filters.device) parts.push(`device = ${params.named('device', 'String', query.filters.device)}`);
  return parts.join(' AND ');
}

/** The key columns of a branch, computed from its time column (`ts` in raw tables, `hour` in rollups). */
function keyColumns(context: BranchContext, time: string, currency: boolean): string[] {
  const columns: string[] = [];
  // A daily row lies wholly in one period, so comparing its date with the current period's first whole day suffices.
  if (context.comparing) columns.push(`if(${time} >= ${time === 'day' ? context.splitDay : context.split}, 'current', 'previous') AS period`);
  for (const dimension of context.dimensions) {
    if (dimension === 'hour') columns.push(time === 'hour' ? 'hour' : `toDateTime(toStartOfHour(${time}), 'UTC') AS hour`);
    else if (dimension === 'day') columns.push(`toDate(${time}, ${context.timezone}) AS day`);
    else if (dimension === 'currency' && !currency) columns.push("'' AS currency");
    else columns.push(dimension);
  }
  return columns;
}

function keyNames(context: BranchContext): string[] {
  return [...(context.comparing ? ['period'] : []), ...context.dimensions];
}

/** Every component the query needs: this branch's own aggregates, zero for the others. */
function componentColumns(context: BranchContext, own: Partial<Record<Component, string>>): string[] {
  return context.components.map((component) => `${own[component] ?? (component === 'c_prebid_revenue' ? 'toFloat64(0)' : 'toUInt64(0)')} AS ${context.names?.get(component) ?? component}`);
}

function branch(
  context: BranchContext,
  time: string,
  from: string,
  where: string,
  own: Partial<Record<Component, string>>,
  /** The source has a currency column (the revenue source); the others' rows are under ''. */
  currency = false,
): string {
  const keys = keyNames(context);
  const columns = [...keyColumns(context, time, currency), ...componentColumns(context, own)];
  let sql = `  SELECT ${columns.join(', ')}\n  FROM ${from}\n  WHERE ${where}`;
  if (keys.length) sql += `\n  GROUP BY ${keys.join(', ')}`;
  return sql;
}

function timeCondition(column: string, windows: readonly TimeWindow[], params: Params, type: string): string {
  // DateTime parameters take whole seconds and Date parameters whole days; rollup windows are aligned anyway.
  const length = type === TIME ? 23 : type === 'Date' ? 10 : 19;
  const text = (time: Date) => formatTime(time).slice(0, length);
  const parts = windows.map((w) => `(${column} >= ${params.add('t', type, text(w.start))} AND ${column} < ${params.add('t', type, text(w.end))})`);
  return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
}

/**
 * Additive counts of pages or websites (events, pageviews, ad figures, engagement sums), for every
 * source that needs them in one set of reads: whole days and hours from the combined rollups, the partial hours at the
 * edges from the page events log. Without a page split or filter the small per-website hourly rollup answers every
 * whole hour; with a time split, days are cut in the query's timezone, so hours are read instead of UTC days.
 */
function statsBranches(shared: Component[], context: BranchContext, boundaries: Date[]): string[] {
  const { params, filterSql } = context;
  const timeSplit = context.dimensions.includes('hour') || context.dimensions.includes('day');
  const segments = tiers(context, boundaries, !context.siteLevel && !timeSplit);
  const tables = context.siteLevel
    ? { day: '', hour: 'foldline.site_stats_hourly' }
    : { day: 'foldline.page_stats_daily', hour: 'foldline.page_stats_hourly' };
  const sums = pick(STATS_SUMS, shared);
  const branches: string[] = [];
  if (segments.day.length) {
    const where = `${filterSql} AND ${timeCondition('day', segments.day, params, 'Date')}`;
    branches.push(branch(context, 'day', tables.day, where, sums));
  }
  if (segments.hour.length) {
    const where = `${filterSql} AND ${timeCondition('hour', segments.hour, params, "DateTime('UTC')")}`;
    branches.push(branch(context, 'hour', tables.hour, where, sums));
  }
  if (segments.raw.length) {
    // Time-ordered, so an edge is one short range per website instead of a scan of six raw tables.
    const where = `${filterSql} AND ${timeCondition('ts', segments.raw, params, TIME)}`;
    branches.push(branch(context, 'ts', 'foldline.page_events_log', where, sums));
  }
  return branches;
}

function sourceBranches(
  source: SourceName,
  needed: Component[],
  context: BranchContext,
  boundaries: Date[],
  window: TimeWindow,
  /** Additive page or website components: the caller reads them for every source at once (statsBranches). */
  shared: Component[],
  /** Components of raw ad events at the edges: the caller reads them for every source at once. */
  edges: AdEventEdges,
): string[] {
  const { params, filterSql } = context;
  const rawWindow = () => timeCondition('ts', [window], params, TIME);
  switch (source) {
    case 'ads':
    case 'page_stats': {
      if (source === 'page_stats' || !context.dimensions.includes('ad_unit_id')) {
        // Page and website figures: the caller reads them for both sources at once from the combined stats.
        shared.push(...needed.filter((component) => !shared.includes(component)));
        return [];
      }
      // Per ad unit: whole days and hours from the ad-unit rollups, the partial hours at the edges from raw ad events
      // (only they know their ad unit).
      const segments = tiers(context, boundaries, !context.dimensions.includes('hour') && !context.dimensions.includes('day'));
      const branches: string[] = [];
      const sums: Partial<Record<Component, string>> = { c_impressions: 'sum(impressions)', c_viewable: 'sum(viewable)', c_ad_clicks: 'sum(clicks)' };
      if (segments.day.length) {
        const where = `${filterSql} AND ${timeCondition('day', segments.day, params, 'Date')}`;
        branches.push(branch(context, 'day', 'foldline.ad_stats_daily', where, pick(sums, needed)));
      }
      if (segments.hour.length) {
        const where = `${filterSql} AND ${timeCondition('hour', segments.hour, params, "DateTime('UTC')")}`;
        branches.push(branch(context, 'hour', 'foldline.ad_stats_hourly', where, pick(sums, needed)));
      }
      if (segments.raw.length) {
        const own = { c_impressions: "countIf(kind = 'impression')", c_viewable: "countIf(kind = 'viewable')", c_ad_clicks: "countIf(kind = 'click')" };
        const kinds = { c_impressions: 'impression', c_viewable: 'viewable', c_ad_clicks: 'click' } as const;
        addEdges(edges, segments.raw, pick(own, needed), needed.map((component) => kinds[component as keyof typeof kinds]).filter(Boolean), false);
      }
      return branches;
    }
    case 'revenue': {
      // Whole days and hours from the revenue rollups, the partial hours at the edges from the bid and empty rows of
      // ad_events (a period of a week or more has none: periods.ts). Without a page or unit split or filter, the
      // per-website hourly rollup answers every whole hour.
      const timeSplit = context.dimensions.includes('hour') || context.dimensions.includes('day');
      const segments = tiers(context, boundaries, !context.siteLevel && !timeSplit);
      const branches: string[] = [];
      const sums: Partial<Record<Component, string>> = { c_prebid_revenue: 'sum(revenue)', c_bids: 'sum(bids)', c_wins: 'sum(wins)', c_empties: 'sum(empties)' };
      if (segments.day.length) {
        const where = `${filterSql} AND ${timeCondition('day', segments.day, params, 'Date')}`;
        branches.push(branch(context, 'day', 'foldline.ad_revenue_daily', where, pick(sums, needed), true));
      }
      if (segments.hour.length) {
        const where = `${filterSql} AND ${timeCondition('hour', segments.hour, params, "DateTime('UTC')")}`;
        const table = context.siteLevel ? 'foldline.site_revenue_hourly' : 'foldline.ad_revenue_hourly';
        branches.push(branch(context, 'hour', table, where, pick(sums, needed), true));
      }
      if (segments.raw.length) {
        const own = {
          c_prebid_revenue: "sumIf(cpm, kind = 'bid') / 1000",
          c_bids: "countIf(kind = 'bid')",
          c_wins: "countIf(kind = 'bid' AND prebid_won = 1)",
          c_empties: "countIf(kind = 'empty')",
        };
        addEdges(edges, segments.raw, pick(own, needed), needed.includes('c_empties') ? ['bid', 'empty'] : ['bid'], true);
      }
      return branches;
    }
    case 'sessions':
      // Each pageview's page and session, sorted by page (migration 019): one page's sessions are counted at a time.
      return [branch(context, 'ts', 'foldline.page_sessions', `${filterSql} AND ${rawWindow()}`, { c_sessions: DISTINCT_SESSION_HASHES })];
    case 'activity': {
      const condition = `${filterSql} AND ${rawWindow()}`;
      const union = ACTIVITY_TABLES.map(
        (table) => `SELECT website_id, ts, page_id, device, session_id FROM foldline.${table} WHERE ${condition}`,
      ).join(' UNION ALL ');
      return [branch(context, 'ts', `(${union})`, '1', { c_active_visitors: DISTINCT_SESSIONS })];
    }
  }
}

function pick(own: Partial<Record<Component, string>>, needed: Component[]): Partial<Record<Component, string>> {
  return Object.fromEntries(Object.entries(own).filter(([component]) => needed.includes(component as Component)));
}
