// The demo site as a function from URL path to response: pages, stylesheet, scripts, illustrations and ad creatives.
import { articleBySlug } from './content.ts';
import { creativeFrameHtml, creativeSvg, illustrationSvg, landingHtml } from './creatives.ts';
import { PREBID_PATH } from './browser/header-bidding.ts';
import { planNow } from './layout-changes.ts';
import { prebidAvailable, prebidScript } from './prebid.ts';
import { renderPage } from './render.ts';
import { BROWSER_SCRIPTS, browserScript, type BrowserScriptPath } from './scripts.ts';
import { stylesheet } from './styles.ts';

export interface SiteResponse {
  status: number;
  contentType: string;
  body: string;
  /** Pages change with the demo account (tracking code); assets do not. */
  cacheControl: string;
}

const HTML = 'text/html; charset=utf-8';
const SVG = 'image/svg+xml';
const ASSET_CACHE = 'public, max-age=3600';
const PAGE_CACHE = 'no-cache';

const ok = (contentType: string, body: string, cacheControl = ASSET_CACHE): SiteResponse => ({ status: 200, contentType, body, cacheControl });
const notFoundPage = (): SiteResponse => ({
  status: 404,
  contentType: HTML,
  body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found — Daily Gazette</title></head><body style="font-family:sans-serif;margin:48px"><h1>Page not found</h1><p><a href="/">Back to the Daily Gazette</a></p></body></html>',
  cacheControl: PAGE_CACHE,
});

let css: string | undefined;

export interface SiteOptions {
  trackingScript: string | undefined;
  /** Whether pages load Prebid.js: by default when it is built or can be (packages/demo/src/site/prebid.ts). */
  prebid?: boolean;
}

export async function serveDemoSite(urlPath: string, options: SiteOptions): Promise<SiteResponse> {
  const prebid = options.prebid ?? prebidAvailable();
  // The pages as they are now: the publisher changed some during the history (layout-changes.ts).
  const plan = planNow(urlPath) ?? (urlPath.endsWith('/') ? undefined : planNow(`${urlPath}/`));
  if (plan) return ok(HTML, renderPage(plan, { trackingScript: options.trackingScript, prebid }), PAGE_CACHE);
  if (urlPath === '/assets/site.css') return ok('text/css; charset=utf-8', (css ??= stylesheet()));
  if (urlPath in BROWSER_SCRIPTS) return ok('text/javascript; charset=utf-8', await browserScript(urlPath as BrowserScriptPath));
  if (urlPath === PREBID_PATH && prebid) return ok('text/javascript; charset=utf-8', await prebidScript());

  let match = /^\/assets\/img\/([a-z0-9-]+)\.svg$/.exec(urlPath);
  if (match?.[1] && articleBySlug(match[1])) return ok(SVG, illustrationSvg(match[1]));
  match = /^\/ads\/creative\/(\d+)\/(\d+)x(\d+)\.svg$/.exec(urlPath);
  if (match) {
    const svg = creativeSvg(Number(match[1]), Number(match[2]), Number(match[3]));
    if (svg) return ok(SVG, svg);
  }
  match = /^\/ads\/frame\/(\d+)\/(\d+)x(\d+)$/.exec(urlPath);
  if (match) {
    const html = creativeFrameHtml(Number(match[1]), Number(match[2]), Number(match[3]));
    if (html) return ok(HTML, html);
  }
  match = /^\/ads\/landing\/(\d+)$/.exec(urlPath);
  if (match) {
    const html = landingHtml(Number(match[1]));
    if (html) return ok(HTML, html, PAGE_CACHE);
  }
  return notFoundPage();
}
