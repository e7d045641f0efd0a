// The demo publisher site (served on its own host name) and the demo account seeding — filled in by the tracking issue's demo part.
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

export default fp<{ config: Config }>(async () => {}, { name: 'demo', dependencies: ['stores', 'ingest'] });
