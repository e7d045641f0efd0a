// GET /api/screenshots?url&deviceType&refresh — the page as the heatmaps draw on it: a full-page JPEG at the device's
// reference width, only of pages on the signed-in user's own websites.
import { heatmapDevice, SCREENSHOT_HEADERS, screenshotQuerySchema } from '@foldline/contracts';
import { hostBelongsTo } from '@foldline/ingest';
import { listWebsitesOfUser } from '@foldline/metadata/websites/websites.repository';
import { ScreenshotError } from '@foldline/screenshots';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../../errors.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  // No response schema: the answer is the image itself (errors go through the error handler as JSON).
  app.get('/', { schema: { querystring: screenshotQuerySchema } }, async (request, reply) => {
    const { url, deviceType, refresh } = request.query;
    const target = new URL(url);
    const websites = await listWebsitesOfUser(app.metadata.db, request.userId);
    // Anything else would make the server fetch whatever a signed-in user names. The collector's rule: the pages it
    // takes beacons from are the pages that can be rendered.
    if (!websites.some((website) => hostBelongsTo(target.hostname, website.domain))) throw notFound(`${target.hostname} is not the domain of one of your websites`);
    let capture;
    try {
      capture = await app.screenshots.capture(url, heatmapDevice(deviceType), { refresh: refresh === '1' || refresh === 'true' });
    } catch (error) {
      // Its messages are written for the user; the status says whose fault it was (400, 502, 503).
      if (error instanceof ScreenshotError) throw new HttpError(error.statusCode, error.message);
      throw error;
    }
    return reply
      .type(capture.contentType)
      .header('cache-control', 'private, max-age=300')
      .header(SCREENSHOT_HEADERS.documentHeight, String(capture.documentHeight))
      .header(SCREENSHOT_HEADERS.truncated, capture.truncated ? '1' : '0')
      .header(SCREENSHOT_HEADERS.capturedAt, capture.capturedAt.toISOString())
      .send(capture.image);
  });
};

export default routes;
