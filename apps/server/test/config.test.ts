// Configuration: defaults that work in embedded mode, and errors that name the variable.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('has a working default for every variable and keeps a generated secret', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      clickhouseUrl: undefined,
      smtpUrl: undefined,
      contactEmail: undefined,
      logLevel: 'info',
      demo: true,
      chromiumPath: undefined,
      trustProxy: false,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('reads every variable, treats an empty one as unset and drops a trailing slash of PUBLIC_URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://stats.example.com/',
      DATABASE_URL: 'postgres://u:p@db:5432/foldline',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.example.com:587',
      CONTACT_EMAIL: 'team@example.com',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://stats.example.com',
      databaseUrl: 'postgres://u:p@db:5432/foldline',
      jwtSecret: 'x'.repeat(40),
      smtpUrl: 'smtp://mail.example.com:587',
      contactEmail: 'team@example.com',
      logLevel: 'info',
    });
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('refuses private addresses unless the operator allows them; the demo allows only its own host and port', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).fetchPolicy).toEqual({ allowPrivate: false, allowedHosts: ['news.localhost:3000'] });
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '8080' }).fetchPolicy.allowedHosts).toEqual(['news.localhost:8080']);
    expect(loadConfig({ DATA_DIR: dataDir, DEMO: '0' }).fetchPolicy).toEqual({ allowPrivate: false, allowedHosts: [] });
    expect(loadConfig({ DATA_DIR: dataDir, DEMO: '0', ALLOW_PRIVATE_FETCH: '1' }).fetchPolicy).toEqual({ allowPrivate: true, allowedHosts: [] });
    expect(loadConfig({ DATA_DIR: dataDir, ALLOW_PRIVATE_FETCH: 'false' }).fetchPolicy.allowPrivate).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, CHROMIUM_PATH: '/opt/chrome/chrome' }).chromiumPath).toBe('/opt/chrome/chrome');
  });

  it('takes a demo password of 12 or more characters, and has none of its own', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).demoPassword).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, DEMO_PASSWORD: 'twelve-chars' }).demoPassword).toBe('twelve-chars');
    expect(() => loadConfig({ DATA_DIR: dataDir, DEMO_PASSWORD: 'short' })).toThrow(/^\s+DEMO_PASSWORD: must be at least 12 characters$/m);
  });

  it('trusts forwarded addresses only from the proxies named in TRUST_PROXY', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    expect(trust('0')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('loopback, 10.0.0.0/8,fd00::1')).toEqual(['loopback', '10.0.0.0/8', 'fd00::1']);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'stats.example.com'],
    ['PUBLIC_URL', 'ftp://stats.example.com'],
    ['DATABASE_URL', 'mysql://db/foldline'],
    ['CLICKHOUSE_URL', 'tcp://clickhouse:9000'],
    ['JWT_SECRET', 'too-short'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['CONTACT_EMAIL', 'not-an-address'],
    ['LOG_LEVEL', 'loud'],
    ['DEMO', 'maybe'],
    ['DEMO_PASSWORD', 'eleven-char'],
    ['ALLOW_PRIVATE_FETCH', 'yes'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', 'proxy.example.com'],
    ['TRUST_PROXY', '10.0.0.0/33'],
  ])('refuses %s=%j with a ConfigError naming it', (name, value) => {
    const load = () => loadConfig({ DATA_DIR: dataDir, [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^\\s+${name}: `, 'm'));
  });

  it('spreads events over a ClickHouse cluster only with a server of it to connect to', () => {
    const config = loadConfig({ DATA_DIR: dataDir, CLICKHOUSE_URL: 'http://ch-1:8123', CLICKHOUSE_CLUSTER: 'events-eu' });
    expect(config).toMatchObject({ clickhouseUrl: 'http://ch-1:8123', clickhouseCluster: 'events-eu' });
    expect(() => loadConfig({ DATA_DIR: dataDir, CLICKHOUSE_CLUSTER: 'events-eu' })).toThrow(/CLICKHOUSE_CLUSTER: needs CLICKHOUSE_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, CLICKHOUSE_URL: 'http://ch-1:8123', CLICKHOUSE_CLUSTER: "x' y" })).toThrow(/CLICKHOUSE_CLUSTER: must be a cluster name/);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir, PORT: '-1', SMTP_URL: 'nope', JWT_SECRET: 'short' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    for (const name of ['PORT', 'SMTP_URL', 'JWT_SECRET']) expect(text).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
    expect(text).not.toMatch(/DATA_DIR/);
  });
});

describe('server start', () => {
  it('exits with status 1 and a message naming the bad variable', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Invalid configuration:\n\s+PORT: /);
  });
});
