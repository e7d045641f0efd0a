// /api/websites/:websiteId/revenue-imports: a website's imported ad-server revenue reports. POST takes the CSV file
// itself as the body (text/csv or text/plain, up to 20 MB on this route alone); GET says what is stored per source.
import {
  REVENUE_IMPORT_CONTENT_TYPES,
  REVENUE_IMPORT_MAX_BYTES,
  revenueImportListResponseSchema,
  revenueImportQuerySchema,
  revenueImportResponseSchema,
  websiteParamsSchema,
} from '@foldline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importRevenueReport, listRevenueImports } from '../../../../services/revenue-imports.service.ts';

const revenueImportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The file arrives as it is: the parser reads its bytes (a BOM or UTF-16 says the encoding). JSON, every other
  // route's body, is refused here, so the raised limit is a CSV's only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...REVENUE_IMPORT_CONTENT_TYPES], { parseAs: 'buffer', bodyLimit: REVENUE_IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));
  const params = websiteParamsSchema;

  // No body schema: the body is the file, checked by the parser (an empty one is refused after the ownership check,
  // so another user's website answers 404 whatever is sent).
  app.post(
    '/',
    { bodyLimit: REVENUE_IMPORT_MAX_BYTES, schema: { params, querystring: revenueImportQuerySchema, response: { 200: revenueImportResponseSchema } } },
    async (request) => importRevenueReport(app, request.userId, request.params.websiteId, request.body as Buffer | undefined, request.query),
  );

  app.get('/', { schema: { params, response: { 200: revenueImportListResponseSchema } } }, async (request) =>
    listRevenueImports(app, request.userId, request.params.websiteId),
  );
};

export default revenueImportsRoutes;
