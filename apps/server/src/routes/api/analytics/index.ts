// /api/analytics — filled in by its issue; registered here so the composition never changes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const routes: FastifyPluginAsyncZod = async () => {};

export default routes;
