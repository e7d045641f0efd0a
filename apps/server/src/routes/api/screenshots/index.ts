// GET /api/screenshots?url&deviceType&refresh — the page as the heatmaps draw on it: a full-page JPEG at the device's
// reference width, only of pages on the signed-in user's own websites whose tracking code Foldline has seen, each
// website's captures its own (services/capture-access.ts).
import { heatmapDevice, SCREENSHOT_HEADERS, screenshotQuerySchema } from '@foldline/contracts';
import { ScreenshotError } from '@foldline/screenshots';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../../errors.ts';
import { captureAccess } from '../../../services/capture-access.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  // No response schema: the answer is the image itself (errors go through the error handler as JSON).
  app.get('/', { schema: { querystring: screenshotQuerySchema } }, async (request, reply) => {
    const { url, deviceType, refresh } = request.query;
    // 404 outside the user's domains, 409 before the website's tracking code was seen.
    const target = await captureAccess(app.metadata.db, request.userId).takerOf(url);
    let capture;
    try {
      // A user is looking at the screen that asked: an interactive capture.
      capture = await app.screenshots.capture(url, heatmapDevice(deviceType), { ...target, priority: 'interactive', refresh: refresh === '1' || refresh === 'true' });
    } catch (error) {
      // Its messages are written for the user; the status says whose fault it was (400, 429, 502, 503).
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
