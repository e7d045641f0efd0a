// deploy/compose.yaml and its Caddyfile, checked without Docker (no image can be pulled or built here): the Foldline
// services set only variables the configuration reads, and with deploy/.env.example's names filled in every one of
// them loads; the processes share their secret and stores; TRUST_PROXY names exactly the proxy; the proxy sends the
// tracker's routes to the collectors; ClickHouse is new enough for the adapter.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../src/config.ts';

const DEPLOY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy');
const composeText = readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number>;
  networks?: string[] | Record<string, { ipv4_address?: string }>;
}
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> };
const foldline = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);

/** deploy/.env.example's names, each with a value as an operator would set it. */
const exampleNames = [...readFileSync(path.join(DEPLOY, '.env.example'), 'utf8').matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1]!);
const operatorEnv: Record<string, string> = {
  PUBLIC_URL: 'https://stats.example.com',
  SITE_ADDRESS: 'stats.example.com',
  JWT_SECRET: 'j'.repeat(48),
  POSTGRES_PASSWORD: 'pgsecret1',
  CLICKHOUSE_PASSWORD: 'chsecret1',
};

/** Compose's interpolation as far as the file uses it: ${NAME}, ${NAME:-default}, ${NAME:?message}. */
function interpolate(value: string | number, env: Record<string, string>): string {
  return String(value).replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_whole, name: string, kind?: string, rest?: string) => {
    const set = env[name];
    if (set) return set;
    if (kind === '?') throw new Error(`${name} is required: ${rest}`);
    return kind === '-' ? (rest ?? '') : '';
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-compose-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('deploy/compose.yaml', () => {
  it('runs a dashboard process and a collector process of the Foldline image next to ClickHouse, PostgreSQL and a proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'clickhouse', 'collector', 'postgres', 'proxy']);
    expect(Object.fromEntries(foldline.map(([name, service]) => [name, service.environment?.SERVE]))).toEqual({ app: 'all', collector: 'collector' });
    expect(compose.services.postgres!.image).toMatch(/^postgres:15\b/);
    // The adapter needs 26.2 or newer (deduplicate_insert).
    const [major, minor] = compose.services.clickhouse!.image!.match(/^clickhouse\/clickhouse-server:(\d+)\.(\d+)/)!.slice(1).map(Number) as [number, number];
    expect(major * 100 + minor).toBeGreaterThanOrEqual(2602);
  });

  it('sets only variables Foldline reads, and every one names what deploy/.env.example asks for', () => {
    for (const [name, service] of foldline) {
      for (const variable of Object.keys(service.environment ?? {})) expect(CONFIG_VARIABLES, `${name}: ${variable}`).toContain(variable);
    }
    const referenced = new Set([...composeText.matchAll(/\$\{([A-Z_]+)/g)].map((match) => match[1]));
    for (const name of referenced) expect(exampleNames, name).toContain(name);
    expect(Object.keys(operatorEnv).every((name) => exampleNames.includes(name))).toBe(true);
  });

  it('gives every Foldline process a configuration that loads, with one secret and the same stores, trusting only the proxy', () => {
    const proxyNetworks = compose.services.proxy!.networks as Record<string, { ipv4_address?: string }>;
    const proxyAddress = Object.values(proxyNetworks)[0]!.ipv4_address!;
    const configs = foldline.map(([name, service]) => {
      const env = Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(value, operatorEnv)]));
      return { name, config: loadConfig({ ...env, DATA_DIR: path.join(dataDir, name) }) };
    });
    for (const { name, config } of configs) {
      expect(config.jwtSecret, name).toBe(operatorEnv.JWT_SECRET);
      expect(config.databaseUrl, name).toBe('postgres://foldline:pgsecret1@postgres:5432/foldline');
      expect(config.clickhouseUrl, name).toBe('http://foldline:chsecret1@clickhouse:8123/foldline');
      expect(config.trustProxy, name).toEqual([proxyAddress]);
      expect(config.publicUrl, name).toBe('https://stats.example.com');
    }
    expect(() => interpolate(compose.services.app!.environment!.JWT_SECRET!, {})).toThrow(/JWT_SECRET is required/);
  });

  it('has the proxy send the tracker\'s routes to the collectors and the rest to the dashboard', () => {
    const caddyfile = readFileSync(path.join(DEPLOY, 'Caddyfile'), 'utf8');
    expect(caddyfile).toMatch(/@tracker path \/api\/collect \/api\/tracker\.js\n\s*handle @tracker \{\n\s*reverse_proxy \{\n\s*dynamic a collector 3000 /);
    expect(caddyfile).toMatch(/handle \{\n\s*reverse_proxy app:3000\n/);
  });
});
