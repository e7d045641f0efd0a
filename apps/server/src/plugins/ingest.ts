// The ingest pipeline and its write buffer as app.ingest: accept() resolves once a beacon's rows are written.
// The HTTP collector and the demo simulator both feed it; drop counts are logged every minute and on close.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createIngest, type Ingest } from '@foldline/ingest';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ingest: Ingest;
  }
}

const STATS_LOG_INTERVAL_MS = 60_000;

export default fp<{ config: Config }>(
  async (app, { config }) => {
    // Earlier versions kept the visitor salts in this file; they now live in the metadata store (visitor_salts), and
    // the file's salts are forgotten as it would have forgotten them itself.
    rmSync(path.join(config.dataDir, 'visitor-salts.json'), { force: true });
    const ingest = createIngest({
      metadata: app.metadata.db,
      events: app.events,
      limits: config.collectLimits,
      onError: (error) => app.log.error({ err: error }, 'ingest background work failed'),
    });
    app.decorate('ingest', ingest);

    let lastLogged = '';
    const logStats = () => {
      const { batches, storedEvents, dropped, buffer } = ingest.stats();
      const droppedNonZero = Object.fromEntries(Object.entries(dropped).filter(([, n]) => n > 0));
      const line = JSON.stringify({ batches, storedEvents, dropped: droppedNonZero, flushes: buffer.flushes, failedFlushes: buffer.failedFlushes });
      if (line === lastLogged) return;
      lastLogged = line;
      app.log.info({ ingest: JSON.parse(line) }, 'ingest stats');
    };
    const timer = setInterval(logStats, STATS_LOG_INTERVAL_MS);
    timer.unref();

    // Registered after the stores, so this runs before they close: every acknowledged row is written first.
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await ingest.close();
      logStats();
    });
  },
  { name: 'ingest', dependencies: ['stores'] },
);
