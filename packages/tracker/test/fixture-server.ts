// A small local server for the tracker's browser tests: serves the freshly built tracker, fixture pages and scripts,
// records every beacon body sent to /api/collect and answers with the preferences a test sets.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectPayloadSchema } from '@foldline/contracts';

export interface Prefs {
  clicks: boolean;
  scroll: boolean;
  engagement: boolean;
  ads: boolean;
}

export interface Beacon {
  site: string;
  u: string;
  pv: string;
  sid: string;
  vw?: number;
  e: Array<Record<string, unknown> & { k: string }>;
}

export interface FixtureServer {
  origin: string;
  beacons: Beacon[];
  /** Beacons the collector's schema would refuse, with the reason. */
  invalid: string[];
  /** What the next answers tell the tracker to collect. */
  prefs: Prefs;
  page(path: string, html: string): void;
  close(): Promise<void>;
}

export async function startFixtureServer(trackerSource: string): Promise<FixtureServer> {
  const pages = new Map<string, string>();
  const state: FixtureServer = {
    origin: '',
    beacons: [],
    invalid: [],
    prefs: { clicks: true, scroll: true, engagement: true, ads: true },
    page: (path, html) => pages.set(path, html),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (request.method === 'POST' && path === '/api/collect') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const beacon = JSON.parse(body) as Beacon;
        state.beacons.push(beacon);
        const checked = collectPayloadSchema.safeParse(beacon);
        if (!checked.success) state.invalid.push(`${checked.error.issues[0]?.path.join('.')}: ${checked.error.issues[0]?.message} in ${body.slice(0, 500)}`);
        response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        response.end(JSON.stringify({ ok: true, prefs: state.prefs }));
      });
      return;
    }
    if (path === '/api/tracker.js') {
      response.writeHead(200, { 'content-type': 'application/javascript' });
      response.end(trackerSource);
      return;
    }
    const html = pages.get(path) ?? [...pages.entries()].find(([prefix]) => path.startsWith(prefix))?.[1];
    if (html === undefined) {
      response.writeHead(404).end();
      return;
    }
    // Pages, and the scripts a test serves under a .js path (Prebid.js).
    response.writeHead(200, { 'content-type': path.endsWith('.js') ? 'application/javascript' : 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** A fixture page with the tracker installed exactly as the snippet does. */
export function fixturePage(origin: string, body: string, title = 'Fixture page'): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width">
<style>body{margin:0;font:16px sans-serif}</style>
<script defer src="${origin}/api/tracker.js" data-site="FL-TEST"></script></head><body>${body}</body></html>`;
}
