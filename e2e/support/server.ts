// Starts the real Foldline server in process on a temporary data directory, serving the built web app.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { TEST_PASSWORD_COST } from '../../apps/server/test/password-cost.ts';
import { copyMigratedStore } from '../../packages/event-store/test/support/migrated-store.ts';

const WEB_DIST_INDEX = fileURLToPath(new URL('../../apps/web/dist/index.html', import.meta.url));

export interface TestServer {
  app: FastifyInstance;
  /** http://127.0.0.1:<port>, also the server's PUBLIC_URL. */
  url: string;
  dataDir: string;
  /** The raw .eml files the mailer wrote, oldest first. */
  outbox(): string[];
  close(): Promise<void>;
}

/** A free loopback port chosen by the OS; PUBLIC_URL must be known before the app is built. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  if (!existsSync(WEB_DIST_INDEX)) {
    throw new Error('The web app is not built: run `npm run build` before the browser tests (npm test does).');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-e2e-'));
  // Migrated already (migrated-store.ts): the server's own migrations find nothing pending.
  if (!env.CLICKHOUSE_URL) await copyMigratedStore(path.join(dataDir, 'events'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({ DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, ...env });
  const app = await buildApp(config, {
    logger: false,
    // One browser signs in many times from one address within a minute.
    rateLimits: { auth: { max: 10_000, timeWindow: 60_000 }, contact: { max: 10_000, timeWindow: 60_000 } },
    passwordCost: TEST_PASSWORD_COST,
  });
  await app.listen({ port, host: '127.0.0.1' });
  const outboxDir = path.join(dataDir, 'outbox');
  return {
    app,
    url,
    dataDir,
    outbox: () =>
      existsSync(outboxDir)
        ? readdirSync(outboxDir)
            .filter((name) => name.endsWith('.eml'))
            .sort()
            .map((name) => readFileSync(path.join(outboxDir, name), 'utf8'))
        : [],
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Undoes quoted-printable: soft line breaks and =XX escapes. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The path (/reset-password/<token>) of the newest reset link mailed to `email`, or undefined. */
export function latestResetPath(server: TestServer, email: string): string | undefined {
  const mails = server
    .outbox()
    .map(decodeQuotedPrintable)
    .filter((mail) => mail.toLowerCase().includes(`to: ${email.toLowerCase()}`));
  const last = mails.at(-1);
  const match = last?.match(/\/reset-password\/([A-Za-z0-9_\-.~%]+)/);
  return match ? `/reset-password/${match[1]}` : undefined;
}
