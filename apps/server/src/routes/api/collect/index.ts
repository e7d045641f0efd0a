// /api/collect and /api/tracker.js — filled in by the tracking issue.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const routes: FastifyPluginAsyncZod = async () => {};

export default routes;
