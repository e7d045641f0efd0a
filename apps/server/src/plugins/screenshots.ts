// app.screenshots: the screenshot service (one Chromium, launched on the first capture, closed with the server),
// fetching only what the operator's fetch policy allows.
import { createScreenshotService, type ScreenshotService } from '@foldline/screenshots';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    screenshots: ScreenshotService;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const service = createScreenshotService({
      dataDir: config.dataDir,
      chromiumPath: config.chromiumPath,
      policy: config.fetchPolicy,
      logger: app.log,
    });
    app.decorate('screenshots', service);
    app.addHook('onClose', () => service.close());
  },
  { name: 'screenshots' },
);
