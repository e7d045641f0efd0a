// Opens both stores at start and closes them at shutdown: app.metadata (Kysely) and app.events (ClickHouse SQL).
import { openEventStore, type EventStore } from '@foldline/event-store';
import { openMetadataStore, type MetadataStore } from '@foldline/metadata';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metadata: MetadataStore;
    events: EventStore;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const metadata = await openMetadataStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const events = await openEventStore({ dataDir: config.dataDir, clickhouseUrl: config.clickhouseUrl, clickhouseCluster: config.clickhouseCluster });
    app.decorate('metadata', metadata);
    app.decorate('events', events);
    app.addHook('onClose', async () => {
      await events.close();
      await metadata.close();
    });
  },
  { name: 'stores' },
);
