// /api/analytics: dashboard KPIs, top pages, page metrics, ad performance, ad units, time series, realtime
// visitors, heatmaps and recommendations. Authenticated; every report resolves the user's websites first, so another user's ids answer 404.
import {
  adPerformance,
  adUnits,
  dashboardKpi,
  heatmap,
  pageMetrics,
  realtime,
  recommendations,
  timeseries,
  topPages,
  type AnalyticsContext,
  type LayoutLookup,
  type LayoutSource,
} from '@foldline/analytics';
import {
  adPerformanceQuerySchema,
  adPerformanceResponseSchema,
  adUnitsQuerySchema,
  adUnitsResponseSchema,
  dashboardKpiQuerySchema,
  dashboardKpiResponseSchema,
  heatmapParamsSchema,
  heatmapQuerySchema,
  heatmapResponseSchema,
  pageMetricsQuerySchema,
  pageMetricsResponseSchema,
  realtimeQuerySchema,
  realtimeResponseSchema,
  recommendationsQuerySchema,
  recommendationsResponseSchema,
  timeseriesQuerySchema,
  timeseriesResponseSchema,
  topPagesQuerySchema,
  topPagesResponseSchema,
} from '@foldline/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** How long a Recommendations panel waits for new page renderings before answering without them. */
const RENDER_WAIT_MS = 8000;

const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  const context = (request: FastifyRequest): AnalyticsContext => ({
    db: app.metadata.db,
    events: app.events,
    userId: request.userId,
    now: new Date(),
  });

  // Renderings of the pages, for the recommendations' content breaks. The KPIs only use renderings already taken (a
  // dashboard must not wait for Chromium); the Recommendations panels wait a few seconds for new ones, which go on in
  // the background past that and are there the next time.
  const storedLayout: LayoutLookup = async (url, device) =>
    (await app.screenshots.storedLayout(url, device).catch(() => undefined)) ?? { unavailable: 'The page has not been rendered yet to find its content breaks' };
  const renderedLayout: LayoutLookup = async (url, device) => {
    const capture = app.screenshots.layout(url, device).then(
      (layout) => layout,
      (error: unknown) => ({ unavailable: `The page could not be rendered to find its content breaks (${error instanceof Error ? error.message : 'unknown error'})` }),
    );
    const late = new Promise<{ unavailable: string; pending: boolean }>((resolve) => {
      const timer = setTimeout(() => resolve({ unavailable: 'The page is still being rendered to find its content breaks (look again in a minute)', pending: true }), RENDER_WAIT_MS);
      void capture.finally(() => clearTimeout(timer));
    });
    return Promise.race([capture, late]);
  };

  app.get('/dashboard-kpi', { schema: { querystring: dashboardKpiQuerySchema, response: { 200: dashboardKpiResponseSchema } } }, (request) =>
    dashboardKpi(context(request), request.query, storedLayout),
  );
  app.get('/top-pages', { schema: { querystring: topPagesQuerySchema, response: { 200: topPagesResponseSchema } } }, (request) =>
    topPages(context(request), request.query),
  );
  app.get('/page-metrics', { schema: { querystring: pageMetricsQuerySchema, response: { 200: pageMetricsResponseSchema } } }, (request) =>
    pageMetrics(context(request), request.query),
  );
  app.get('/ad-performance', { schema: { querystring: adPerformanceQuerySchema, response: { 200: adPerformanceResponseSchema } } }, (request) =>
    adPerformance(context(request), request.query),
  );
  app.get('/ad-units', { schema: { querystring: adUnitsQuerySchema, response: { 200: adUnitsResponseSchema } } }, (request) =>
    adUnits(context(request), request.query),
  );
  app.get('/timeseries', { schema: { querystring: timeseriesQuerySchema, response: { 200: timeseriesResponseSchema } } }, (request) =>
    timeseries(context(request), request.query),
  );
  // Heatmaps are drawn on the page as the screenshot service renders it: the same capture (cached) gives the element
  // map that clicks are re-anchored on and the page's height.
  const layoutOf: LayoutSource = (url, device) => app.screenshots.layout(url, device);
  app.get(
    '/heatmap/:type',
    { schema: { params: heatmapParamsSchema, querystring: heatmapQuerySchema, response: { 200: heatmapResponseSchema } } },
    (request) => heatmap(context(request), request.params.type, request.query, layoutOf),
  );
  app.get(
    '/recommendations',
    { schema: { querystring: recommendationsQuerySchema, response: { 200: recommendationsResponseSchema } } },
    (request) => recommendations(context(request), request.query, renderedLayout),
  );
  app.get('/realtime', { schema: { querystring: realtimeQuerySchema, response: { 200: realtimeResponseSchema } } }, (request) =>
    realtime(context(request), request.query),
  );
};

export default routes;
