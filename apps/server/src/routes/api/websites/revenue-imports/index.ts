// /api/websites/:websiteId/revenue-imports: a website's imported ad-server revenue reports. POST takes the CSV file
// itself as the body (text/csv or text/plain, up to 20 MB on this route alone); GET says what is stored per source;
// GET /currencies the currencies of the website's revenue data (for its exchange rates); /fetch the daily fetch of a
// report from an address.
import {
  REVENUE_IMPORT_CONTENT_TYPES,
  REVENUE_IMPORT_MAX_BYTES,
  revenueCurrenciesResponseSchema,
  revenueImportListResponseSchema,
  revenueImportQuerySchema,
  revenueImportResponseSchema,
  websiteParamsSchema,
} from '@foldline/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { importRevenueReport, listRevenueCurrencies, listRevenueImports } from '../../../../services/revenue-imports.service.ts';
import revenueFetchRoutes from './fetch/index.ts';

const revenueImportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = websiteParamsSchema;

  // The upload in a context of its own. The file arrives as it is: the parser reads its bytes (a BOM or UTF-16 says
  // the encoding). JSON, every other route's body, is refused there, so the raised limit is a CSV's only.
  await app.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser([...REVENUE_IMPORT_CONTENT_TYPES], { parseAs: 'buffer', bodyLimit: REVENUE_IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));
    // No body schema: the body is the file, checked by the parser (an empty one is refused after the ownership check,
    // so another user's website answers 404 whatever is sent).
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/',
      { bodyLimit: REVENUE_IMPORT_MAX_BYTES, schema: { params, querystring: revenueImportQuerySchema, response: { 200: revenueImportResponseSchema } } },
      async (request) => importRevenueReport(app, request.userId, request.params.websiteId, request.body as Buffer | undefined, request.query),
    );
  });

  app.get('/', { schema: { params, response: { 200: revenueImportListResponseSchema } } }, async (request) =>
    listRevenueImports(app, request.userId, request.params.websiteId),
  );

  app.get('/currencies', { schema: { params, response: { 200: revenueCurrenciesResponseSchema } } }, async (request) =>
    listRevenueCurrencies(app, request.userId, request.params.websiteId),
  );

  await app.register(revenueFetchRoutes, { prefix: '/fetch' });
};

export default revenueImportsRoutes;
