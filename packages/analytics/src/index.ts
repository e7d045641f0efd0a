// Public surface of the analytics package: the query model, its compiler and runner, and the API's reports.
export { compileQuery, type CompiledQuery } from './compile.ts';
export { runQuery } from './execute.ts';
export { periodWindows, timeRangeOf, type PeriodWindows } from './periods.ts';
export type { AnalyticsQuery, Dimension, Metric, ResultRow, TimeWindow } from './query.ts';
export { NotFoundError } from './scope.ts';
export type { AnalyticsContext } from './context.ts';
export { dashboardKpi } from './reports/dashboard-kpi.ts';
export { topPages } from './reports/top-pages.ts';
export { pageMetrics } from './reports/page-metrics.ts';
export { adPerformance } from './reports/ad-performance.ts';
export { adUnits } from './reports/ad-units.ts';
export { timeseries } from './reports/timeseries.ts';
export { realtime } from './reports/realtime.ts';
export { latestEventTimes } from './reports/last-activity.ts';
export { heatmap, type LayoutSource, type RenderedLayout } from './reports/heatmap.ts';
export { recommendations, analysePages, analyseWebsite, potentialFigure, websiteAnalysisKey, type LayoutLookup } from './reports/recommendations.ts';
export { forgetAnalyses, forgetAnswer } from './recommendations/analysis-cache.ts';
export { discardSeenDays } from './recommendations/seen-days.ts';
