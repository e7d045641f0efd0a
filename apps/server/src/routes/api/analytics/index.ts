// /api/analytics: dashboard KPIs, top pages, page metrics, ad performance, ad experience, layout changes, ad units, time
// series, realtime visitors, heatmaps (with their segments) and recommendations. Authenticated; every report resolves the user's websites first, so another user's ids answer 404.
import {
  adExperience,
  adPerformance,
  adUnitFigures,
  adUnits,
  changes,
  clickedElements,
  dashboardKpi,
  heatmap,
  heatmapSegments,
  pageMetrics,
  realtime,
  recommendations,
  setRecommendationStatusOf,
  timeseries,
  topPages,
  type AnalyticsContext,
  type LayoutSource,
} from '@foldline/analytics';
import {
  adExperienceQuerySchema,
  adExperienceResponseSchema,
  adPerformanceQuerySchema,
  adPerformanceResponseSchema,
  adUnitFiguresQuerySchema,
  adUnitFiguresResponseSchema,
  adUnitsQuerySchema,
  adUnitsResponseSchema,
  changesQuerySchema,
  clickedElementsQuerySchema,
  clickedElementsResponseSchema,
  changesResponseSchema,
  dashboardKpiQuerySchema,
  dashboardKpiResponseSchema,
  heatmapParamsSchema,
  heatmapQuerySchema,
  heatmapResponseSchema,
  heatmapSegmentsQuerySchema,
  heatmapSegmentsResponseSchema,
  pageMetricsQuerySchema,
  pageMetricsResponseSchema,
  realtimeQuerySchema,
  realtimeResponseSchema,
  recommendationsQuerySchema,
  recommendationStatusBodySchema,
  recommendationStatusResponseSchema,
  recommendationsResponseSchema,
  timeseriesQuerySchema,
  timeseriesResponseSchema,
  topPagesQuerySchema,
  topPagesResponseSchema,
} from '@foldline/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../../errors.ts';
import { captureAccess } from '../../../services/capture-access.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  const context = (request: FastifyRequest): AnalyticsContext => ({
    db: app.metadata.db,
    events: app.events,
    userId: request.userId,
    now: new Date(),
  });

  app.get('/dashboard-kpi', { schema: { querystring: dashboardKpiQuerySchema, response: { 200: dashboardKpiResponseSchema } } }, (request) =>
    dashboardKpi(context(request), request.query, app.advice.layout),
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
  app.get('/ad-experience', { schema: { querystring: adExperienceQuerySchema, response: { 200: adExperienceResponseSchema } } }, (request) =>
    adExperience(context(request), request.query),
  );
  app.get('/changes', { schema: { querystring: changesQuerySchema, response: { 200: changesResponseSchema } } }, (request) =>
    changes(context(request), request.query),
  );
  app.get('/ad-units', { schema: { querystring: adUnitsQuerySchema, response: { 200: adUnitsResponseSchema } } }, (request) =>
    adUnits(context(request), request.query),
  );
  app.get('/ad-units/figures', { schema: { querystring: adUnitFiguresQuerySchema, response: { 200: adUnitFiguresResponseSchema } } }, (request) =>
    adUnitFigures(context(request), request.query),
  );
  app.get('/timeseries', { schema: { querystring: timeseriesQuerySchema, response: { 200: timeseriesResponseSchema } } }, (request) =>
    timeseries(context(request), request.query),
  );
  // Heatmaps are drawn on the page as the screenshot service renders it: the same capture (cached) gives the element
  // map that clicks are re-anchored on and the page's height.
  // Each is the capture of the user's own website that the page is on, taken only once the website's tracking code was
  // seen, while the user looks at the heatmap (services/capture-access.ts).
  const layoutOf = (request: FastifyRequest): LayoutSource => {
    const access = captureAccess(app.metadata.db, request.userId);
    return async (url, device) => app.screenshots.layout(url, device, { ...(await access.takerOf(url)), priority: 'interactive' });
  };
  app.get(
    '/heatmap/:type',
    { schema: { params: heatmapParamsSchema, querystring: heatmapQuerySchema, response: { 200: heatmapResponseSchema } } },
    (request) => {
      // Dead and rage clicks narrow a click map; the scroll and engagement maps have no clicks to narrow.
      if (request.query.only && request.params.type !== 'click') throw badRequest('only applies to the click map');
      return heatmap(context(request), request.params.type, request.query, layoutOf(request));
    },
  );
  app.get(
    '/clicked-elements',
    { schema: { querystring: clickedElementsQuerySchema, response: { 200: clickedElementsResponseSchema } } },
    (request) => clickedElements(context(request), request.query, layoutOf(request)),
  );
  // What the heatmap card's segment selectors offer: pageviews per traffic source and browser family (issue 26).
  app.get(
    '/heatmap-segments',
    { schema: { querystring: heatmapSegmentsQuerySchema, response: { 200: heatmapSegmentsResponseSchema } } },
    (request) => heatmapSegments(context(request), request.query),
  );
  app.get(
    '/recommendations',
    { schema: { querystring: recommendationsQuerySchema, response: { 200: recommendationsResponseSchema } } },
    (request) => recommendations(context(request), request.query, app.advice.layout),
  );
  app.put(
    '/recommendations/status',
    { schema: { body: recommendationStatusBodySchema, response: { 200: recommendationStatusResponseSchema } } },
    (request) => setRecommendationStatusOf(context(request), request.body, app.advice.layout),
  );
  app.get('/realtime', { schema: { querystring: realtimeQuerySchema, response: { 200: realtimeResponseSchema } } }, (request) =>
    realtime(context(request), request.query),
  );
};

export default routes;
