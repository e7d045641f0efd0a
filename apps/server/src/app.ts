// Composes the server: stores, cross-cutting plugins, the API under /api and the web app for every other path.
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PASSWORD_COST, type PasswordCost } from './auth/passwords.ts';
import type { Config } from './config.ts';
import { tooManyRequests } from './errors.ts';
import advice from './plugins/advice.ts';
import authentication from './plugins/authentication.ts';
import demo, { type LiveReadersSetting } from './plugins/demo.ts';
import errorHandler, { frameworkError } from './plugins/error-handler.ts';
import ingest from './plugins/ingest.ts';
import revenueFetch from './plugins/revenue-fetch.ts';
import mailer from './plugins/mailer.ts';
import screenshots from './plugins/screenshots.ts';
import stores from './plugins/stores.ts';
import webApp from './plugins/web-app.ts';
import apiRoutes from './routes/api/index.ts';

export interface RateLimitRule {
  max: number;
  timeWindow: number;
}

export interface RateLimits {
  /** Sign-in, registration, password reset: per client address. */
  auth: RateLimitRule;
  contact: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  auth: { max: 20, timeWindow: 60_000 },
  contact: { max: 5, timeWindow: 60_000 },
};

export interface BuildOptions {
  logger?: boolean;
  rateLimits?: Partial<RateLimits>;
  /** Serve the built web app (off in API tests). */
  serveWebApp?: boolean;
  /** The demo's live readers: their pace (a test makes it quick), or false for none. Only with DEMO on. */
  demoLiveReaders?: LiveReadersSetting;
  /** Tests only: a cheaper scrypt for the passwords they hash by the hundred (sign-ups, sign-ins). Given in code, never
   * read from the configuration, so a deployment cannot lower it: the server (server.ts) always hashes at
   * PASSWORD_COST. */
  passwordCost?: PasswordCost;
}

/** A route as registered: what the access sweep and the fuzz test walk, so tomorrow's routes are covered too. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    rateLimits: RateLimits;
    /** What a new password hash costs (BuildOptions.passwordCost). */
    passwordCost: PasswordCost;
    /** Every route, in the order registered. */
    routeTable: readonly RouteEntry[];
  }
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // The client address (rate limits, visitor hashing) comes from X-Forwarded-For only through the proxies the
    // operator named in TRUST_PROXY; otherwise it is the connection's own address.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // No limit on a plugin's start: the stores run their migrations there, and one that fills a new rollup from a
    // large event store (event-store migration 024 over 100 million events) takes minutes, not Fastify's default 10 s.
    pluginTimeout: 0,
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('rateLimits', { ...DEFAULT_RATE_LIMITS, ...options.rateLimits });
  app.decorate('passwordCost', options.passwordCost ?? PASSWORD_COST);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, schema: route.schema });
  });

  await app.register(errorHandler);
  await app.register(stores, { config });
  if (config.serve === 'collector') {
    // A collector process scales ingestion apart from the dashboard: no sign-in, no dashboard API, no web app,
    // no demo seeding, no screenshots.
    await app.register(ingest, { config });
    await app.register(apiRoutes, { prefix: '/api', collectorOnly: true });
    return app;
  }
  await app.register(mailer, { config });
  await app.register(authentication, { config });
  await app.register(rateLimit, {
    global: false,
    // The builder's value is thrown, so it goes through the one error handler like every other error.
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
  });
  await app.register(ingest, { config });
  await app.register(screenshots, { config });
  await app.register(advice);
  await app.register(revenueFetch);
  await app.register(apiRoutes, { prefix: '/api' });
  // Before the web app: the demo site answers on its own host name, the web app on every other.
  await app.register(demo, { config, liveReaders: options.demoLiveReaders });
  if (options.serveWebApp !== false) await app.register(webApp);
  return app;
}

/** Trusts the nearest `hops` proxies, as proxy-addr does for a hop count (which Fastify's types leave out). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
