// Reads and checks the environment once at start; every variable has a default that works in embedded mode.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { DEMO_HOST } from '@foldline/demo/seed/demo-account';
import { DEFAULT_COLLECT_LIMITS, type CollectLimits } from '@foldline/ingest';
import type { FetchPolicy } from '@foldline/screenshots/address-guard';
import { z } from 'zod';

const urlVar = (protocols: string[]) =>
  z
    .string()
    .url()
    // zod runs this check even when .url() failed: a value that does not parse must fail here too, not throw.
    .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
      message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });

const booleanVar = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** Which hops may say who the client is in X-Forwarded-For: nobody (the default: a client could write any address
 * there, forging its rate-limit key and visitor hash), the nearest N proxies, or proxies at the listed addresses or
 * networks (proxy-addr's names loopback, linklocal and uniquelocal too). 'true' (trust everybody) is refused. */
const trustProxyVar = z.string().transform((value, context): TrustProxy => {
  const text = value.trim();
  if (text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (text === 'true' || entries.length === 0 || bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: 'must be a hop count or a comma-separated list of proxy addresses or networks (trusting every address would let any client forge its own)',
    });
    return z.NEVER;
  }
  return entries;
});

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

export type TrustProxy = false | number | string[];

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: urlVar(['http:', 'https:']).optional(),
  DATABASE_URL: urlVar(['postgres:', 'postgresql:']).optional(),
  CLICKHOUSE_URL: urlVar(['http:', 'https:']).optional(),
  /** A cluster of the ClickHouse server's configuration (remote_servers): replicated tables behind Distributed ones. */
  CLICKHOUSE_CLUSTER: z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/, 'must be a cluster name (letters, digits, _, - and .)').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: urlVar(['smtp:', 'smtps:']).optional(),
  CONTACT_EMAIL: z.string().email().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo account and demo publisher site on an empty data directory. */
  DEMO: booleanVar.default(true),
  /** The demo account's password when it is created; unset, one is generated for this installation. */
  DEMO_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /** Lets the screenshot service and installation check fetch private or loopback addresses. Off unless the operator
   * says so: a signed-in user names the URLs, and would otherwise reach the server's own network. */
  ALLOW_PRIVATE_FETCH: booleanVar.default(false),
  CHROMIUM_PATH: z.string().optional(),
  TRUST_PROXY: trustProxyVar.default(false),
  /** 'collector': serve only the collector, the tracker and health, to scale ingestion apart from the dashboard. */
  SERVE: z.enum(['all', 'collector']).default('all'),
  COLLECT_WEBSITE_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).default(DEFAULT_COLLECT_LIMITS.eventsPerWebsite),
  COLLECT_ADDRESS_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).default(DEFAULT_COLLECT_LIMITS.eventsPerAddress),
  COLLECT_NEW_PAGES_PER_MINUTE: z.coerce.number().int().min(1).default(DEFAULT_COLLECT_LIMITS.newPagesPerWebsite),
  COLLECT_MAX_PAGES: z.coerce.number().int().min(1).default(DEFAULT_COLLECT_LIMITS.pagesPerWebsite),
  COLLECT_NEW_AD_UNITS_PER_MINUTE: z.coerce.number().int().min(1).default(DEFAULT_COLLECT_LIMITS.newAdUnitsPerWebsite),
  COLLECT_MAX_AD_UNITS: z.coerce.number().int().min(1).default(DEFAULT_COLLECT_LIMITS.adUnitsPerWebsite),
});

/** Every variable the configuration reads (deploy/compose.yaml is checked against these). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  clickhouseUrl: string | undefined;
  clickhouseCluster: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  contactEmail: string | undefined;
  logLevel: string;
  demo: boolean;
  /** The operator's DEMO_PASSWORD: the demo account gets it when created (else a generated one). */
  demoPassword: string | undefined;
  /** What outbound fetches (screenshots, installation check) may reach: the demo site's own host even when private
   * addresses are refused. */
  fetchPolicy: FetchPolicy;
  chromiumPath: string | undefined;
  trustProxy: TrustProxy;
  /** What this process serves: everything, or only the collector (SERVE). */
  serve: 'all' | 'collector';
  /** The collector's budgets per website (packages/ingest/src/budgets.ts); the per-visit ones are fixed. */
  collectLimits: CollectLimits;
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError that names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "unset", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema
    .refine((e) => !e.CLICKHOUSE_CLUSTER || e.CLICKHOUSE_URL, { path: ['CLICKHOUSE_CLUSTER'], message: 'needs CLICKHOUSE_URL (a host of the cluster)' })
    .safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    clickhouseUrl: e.CLICKHOUSE_URL,
    clickhouseCluster: e.CLICKHOUSE_CLUSTER,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    contactEmail: e.CONTACT_EMAIL,
    logLevel: e.LOG_LEVEL,
    // A collector process never seeds: the dashboard process does.
    demo: e.DEMO && e.SERVE === 'all',
    demoPassword: e.DEMO_PASSWORD,
    fetchPolicy: {
      allowPrivate: e.ALLOW_PRIVATE_FETCH,
      // The demo site is served by this server on its own port; only that port, not every service on loopback.
      allowedHosts: e.DEMO ? [`${DEMO_HOST}:${e.PORT}`] : [],
    },
    chromiumPath: e.CHROMIUM_PATH,
    trustProxy: e.TRUST_PROXY,
    serve: e.SERVE,
    collectLimits: {
      ...DEFAULT_COLLECT_LIMITS,
      eventsPerWebsite: e.COLLECT_WEBSITE_EVENTS_PER_MINUTE,
      eventsPerAddress: e.COLLECT_ADDRESS_EVENTS_PER_MINUTE,
      newPagesPerWebsite: e.COLLECT_NEW_PAGES_PER_MINUTE,
      pagesPerWebsite: e.COLLECT_MAX_PAGES,
      newAdUnitsPerWebsite: e.COLLECT_NEW_AD_UNITS_PER_MINUTE,
      adUnitsPerWebsite: e.COLLECT_MAX_AD_UNITS,
    },
  };
}

/** A secret generated on first start and kept, so sessions survive restarts without any setup. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
