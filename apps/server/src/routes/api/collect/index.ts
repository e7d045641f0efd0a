// POST /api/collect (the tracker's beacons) and GET /api/tracker.js (the tracker itself). Both answer any origin:
// the tracker runs on publishers' sites.
import { collectResponseSchema } from '@foldline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, HttpError } from '../../../errors.ts';
import { trackerScript } from './tracker-script.ts';

export const COLLECT_BODY_LIMIT = 64 * 1024;

const routes: FastifyPluginAsyncZod = async (app) => {
  // Beacons are parsed by the ingest pipeline itself (its parse step), so both content types arrive as text:
  // sendBeacon sends text/plain to avoid a CORS preflight; fetch and other clients may send application/json.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['text/plain', 'application/json'], { parseAs: 'string', bodyLimit: COLLECT_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });

  app.options('/collect', async (_request, reply) => {
    reply
      .code(204)
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '86400')
      .send();
  });

  app.post(
    '/collect',
    {
      bodyLimit: COLLECT_BODY_LIMIT,
      // Two access-log lines per beacon would cost more than the beacon: drops are counted by app.ingest instead.
      logLevel: 'warn',
      // No limit per client address: a carrier's NAT or an office puts thousands of readers behind one. The
      // ingest pipeline holds each pageview, visit and website to a budget instead (packages/ingest/src/budgets.ts).
      schema: { response: { 200: collectResponseSchema } },
    },
    async (request) => {
      const result = await app.ingest
        .accept(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', receivedAt: Date.now(), budgeted: true })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'collect failed');
          // The tracker may send again later; nothing of this batch was acknowledged.
          throw new HttpError(503, 'The collector could not store this batch. Please retry later.');
        });
      if (result.outcome === 'invalid') throw badRequest(result.message ?? 'Invalid beacon');
      return { ok: result.reason === undefined, prefs: result.prefs };
    },
  );

  app.get('/tracker.js', async (request, reply) => {
    const tracker = await trackerScript();
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const etag = gzip ? tracker.gzipEtag : tracker.etag;
    reply
      .header('cache-control', 'public, max-age=3600, stale-while-revalidate=86400')
      .header('etag', etag)
      .header('vary', 'accept-encoding');
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
    reply.type('application/javascript; charset=utf-8');
    return gzip ? reply.header('content-encoding', 'gzip').send(tracker.gzipped) : reply.send(tracker.source);
  });
};

export default routes;
