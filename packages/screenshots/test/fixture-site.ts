// A publisher site for the capture tests on 127.0.0.1: pages and redirects a test sets, every request recorded with
// its Host header (so a request that reached loopback directly is told from one for the allowed host), the tracker
// and its collector, and a reader of a JPEG's size.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Hit {
  host: string;
  path: string;
  userAgent: string;
}

export interface FixtureSite {
  port: number;
  hits: Hit[];
  /** WebSocket upgrade attempts that reached the server. */
  upgrades: Hit[];
  /** Click events (`k: 'click'`) of the beacons the tracker sent. */
  clicks: Array<{ s: string; x: number; y: number }>;
  page(path: string, html: string): void;
  /** Any other file, served with its content type (an SVG image, a script). */
  asset(path: string, contentType: string, body: string): void;
  redirect(path: string, location: string): void;
  close(): Promise<void>;
}

// A 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export async function startFixtureSite(trackerSource = ''): Promise<FixtureSite> {
  const pages = new Map<string, string>();
  const assets = new Map<string, { contentType: string; body: string }>();
  const redirects = new Map<string, string>();
  const hit = (request: IncomingMessage): Hit => ({
    host: request.headers.host ?? '',
    path: (request.url ?? '/').split('?')[0]!,
    userAgent: request.headers['user-agent'] ?? '',
  });
  const site: FixtureSite = {
    port: 0,
    hits: [],
    upgrades: [],
    clicks: [],
    page: (path, html) => pages.set(path, html),
    asset: (path, contentType, body) => assets.set(path, { contentType, body }),
    redirect: (path, location) => redirects.set(path, location),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server: Server = createServer((request, response) => {
    const { path } = hit(request);
    site.hits.push(hit(request));
    if (request.method === 'POST' && path === '/api/collect') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const beacon = JSON.parse(body) as { e: Array<{ k: string; s: string; x: number; y: number }> };
        site.clicks.push(...beacon.e.filter((e) => e.k === 'click'));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
      return;
    }
    if (path === '/api/tracker.js') return response.writeHead(200, { 'content-type': 'text/javascript' }).end(trackerSource);
    const location = redirects.get(path);
    if (location) return response.writeHead(302, { location }).end();
    const asset = assets.get(path);
    if (asset) return response.writeHead(200, { 'content-type': asset.contentType }).end(asset.body);
    if (path.endsWith('.png')) return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    const html = pages.get(path);
    if (html === undefined) return response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  server.on('upgrade', (request: IncomingMessage, socket) => {
    site.upgrades.push(hit(request));
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.port = (server.address() as AddressInfo).port;
  return site;
}

/** Width and height from a JPEG's frame header. */
export function jpegSize(image: Buffer): { width: number; height: number } {
  let at = 2;
  while (at + 9 < image.length) {
    if (image[at] !== 0xff) throw new Error('not a JPEG marker');
    const marker = image[at + 1]!;
    // SOF0–SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: image.readUInt16BE(at + 5), width: image.readUInt16BE(at + 7) };
    }
    at += 2 + image.readUInt16BE(at + 2);
  }
  throw new Error('no JPEG frame header');
}
