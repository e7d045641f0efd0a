// The demo site's Prebid.js: built with its modules in and no CDN address, served only to pages that load it.
// Its auctions in a browser, through the tracker and the collector: apps/server/test/demo-prebid.test.ts.
import { describe, expect, it } from 'vitest';
import { buildPrebid } from './prebid.ts';
import { serveDemoSite } from './site.ts';

describe('the demo Prebid.js bundle', () => {
  it('has the bidders, the debugging and DevTools modules in, and loads nothing from a CDN', async () => {
    const bundle = await buildPrebid();
    // (Booleans: a failed toContain would print the whole bundle.)
    const has = (text: string) => bundle.includes(text);
    // Prebid's modules register under their names: the two bidders and the two modules debug mode would fetch.
    for (const name of ['appnexusBidAdapter', 'rubiconBidAdapter', 'debugging', 'devtoolsMcp']) expect(has(`"${name}"`), name).toBe(true);
    expect(has('cdn.jsdelivr.net')).toBe(false);
    expect(has('distUrlBase:"/assets/prebid/"')).toBe(true);
  }, 60_000);

  it('is served, and loaded by the pages, only where it is available', async () => {
    const page = (prebid: boolean) => serveDemoSite('/', { trackingScript: undefined, prebid });
    expect((await page(true)).body).toContain('<script async src="/assets/prebid.js"></script>');
    expect((await page(false)).body).not.toContain('prebid');
    const script = await serveDemoSite('/assets/prebid.js', { trackingScript: undefined, prebid: true });
    expect(script).toMatchObject({ status: 200, contentType: 'text/javascript; charset=utf-8' });
    expect(script.body.length).toBeGreaterThan(100_000);
    expect((await serveDemoSite('/assets/prebid.js', { trackingScript: undefined, prebid: false })).status).toBe(404);
  }, 60_000);
});
