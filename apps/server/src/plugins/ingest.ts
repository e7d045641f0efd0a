// The ingest pipeline and its write buffer (app.ingest) — filled in by the tracking issue.
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

export default fp<{ config: Config }>(async () => {}, { name: 'ingest', dependencies: ['stores'] });
