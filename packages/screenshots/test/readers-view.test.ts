// Captures show what readers saw (issue 26): a fixture page on 127.0.0.1 with a OneTrust-like consent banner that
// locks scrolling, a full-screen "subscribe" modal on a timer, a fixed anchor ad, a lazy image and a GPT slot that got
// no ad, rendered by the real renderer; checked from its element map and the JPEG's pixels. Then the in-page rules on
// their own: what is kept (ads, the page's own shell, a sticky side column) and the empty slot's label.
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS } from '../src/chromium-path.ts';
import { capturePage, type PageCapture } from '../src/capture.ts';
import { drawEmptyAdSlots, hideOverlays } from '../src/page-script.ts';
import { startFixtureSite, type FixtureSite } from './fixture-site.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const GREEN = [0, 128, 0];
const BLUE = [0, 0, 255];
const ORANGE = [255, 160, 0];
const WHITE = [255, 255, 255];
/** The empty slot's fill (readers-view.ts). */
const SLOT_FILL = [236, 239, 244];

const solidSvg = ([r, g, b]: number[], width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="rgb(${r},${g},${b})"/></svg>`;

const paragraph = 'A paragraph of the article that readers came for, long enough to count as body text in the outline.';

/** GPT as it stands once gpt.js ran: the article slot answered with no ad, the anchor with one. */
const gptStandIn = `<script>
  window.googletag = { cmd: [], pubads: function () { return { getSlots: function () { return [
    { getSlotElementId: function () { return 'div-gpt-ad-article-mid'; }, getAdUnitPath: function () { return '/1234/article_mid'; }, getResponseInformation: function () { return null; } },
    { getSlotElementId: function () { return 'div-gpt-ad-anchor'; }, getAdUnitPath: function () { return '/1234/anchor'; }, getResponseInformation: function () { return { lineItemId: 1 }; } }
  ]; } }; } };
</script>`;

const readersPage = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Readers' view</title>
<style>
  body { margin: 0; font: 16px sans-serif; background: #fff }
  /* What consent tools and paywalls do to stop the page scrolling behind them. */
  body.modal-open { overflow: hidden; position: fixed; width: 100% }
  header { height: 300px; background: rgb(0, 128, 0) }
  article { width: 800px; margin: 40px auto }
  #div-gpt-ad-article-mid { width: 300px; height: 250px; margin: 40px auto }
  .spacer { height: 2400px }
  #photo { display: block; width: 600px; height: 400px; margin: 0 auto }
  #anchor-bar { position: fixed; left: 0; right: 0; bottom: 0; height: 100px; background: rgb(240, 240, 240); z-index: 1500 }
  #div-gpt-ad-anchor { width: 728px; height: 90px; margin: 5px auto }
  #div-gpt-ad-anchor img { display: block }
  .onetrust-pc-dark-filter { position: fixed; inset: 0; background: rgba(0, 0, 0, 0.5); z-index: 3000 }
  #onetrust-banner-sdk { position: fixed; left: 0; right: 0; bottom: 0; height: 200px; background: rgb(255, 0, 255); z-index: 3001 }
</style>
${gptStandIn}
</head>
<body class="modal-open">
<header id="masthead"></header>
<article><h1>The story</h1><p>${paragraph}</p><p>${paragraph}</p><p>${paragraph}</p>
<div id="div-gpt-ad-article-mid"></div>
<p>${paragraph}</p></article>
<div class="spacer"></div>
<img id="photo" loading="lazy" src="/photo.svg" alt="A photo">
<div style="height:400px"></div>
<div id="anchor-bar"><div id="div-gpt-ad-anchor"><img src="/creative.svg" width="728" height="90" alt=""></div></div>
<div id="onetrust-consent-sdk"><div class="onetrust-pc-dark-filter"></div>
  <div id="onetrust-banner-sdk"><p>We value your privacy</p><button id="onetrust-accept-btn-handler">Accept all</button></div></div>
<script>
  // The subscribe modal comes a moment after the page has loaded, as most do.
  addEventListener('load', function () {
    setTimeout(function () {
      var modal = document.createElement('div');
      modal.id = 'paywall';
      modal.style.cssText = 'position:fixed;inset:0;z-index:4000;background:rgb(200,0,0)';
      modal.innerHTML = '<p>Subscribe to keep reading</p><button>Subscribe</button>';
      document.body.appendChild(modal);
    }, 150);
  });
</script>
</body></html>`;

let site: FixtureSite;
let browser: Browser;
let decoder: Page;
let origin: string;
let capture: PageCapture;
let renderMs: number;

beforeAll(async () => {
  site = await startFixtureSite();
  origin = `http://fixture.localhost:${site.port}`;
  site.page('/readers', readersPage);
  site.asset('/photo.svg', 'image/svg+xml', solidSvg(BLUE, 600, 400));
  site.asset('/creative.svg', 'image/svg+xml', solidSvg(ORANGE, 728, 90));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS] });
  decoder = await browser.newPage();
  const startedAt = Date.now();
  capture = await capturePage(async () => browser, `${origin}/readers`, 'desktop', { allowPrivate: false, allowedHosts: [`fixture.localhost:${site.port}`] });
  renderMs = Date.now() - startedAt;
  await decodeCapture(capture.image);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Decodes the capture's JPEG once, in the decoder page. */
async function decodeCapture(image: Buffer): Promise<void> {
  // A string, not a function: tsx would wrap a function's inner helpers in __name(), which the page lacks.
  await decoder.evaluate(`(async () => {
    const img = new Image();
    img.src = 'data:image/jpeg;base64,${image.toString('base64')}';
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    window.shot = canvas.getContext('2d');
    window.shot.drawImage(img, 0, 0);
  })()`);
}

/** RGB of every pixel of a region of the capture, row by row. */
async function region(x: number, y: number, w: number, h: number): Promise<Array<[number, number, number]>> {
  const data = await decoder.evaluate<number[]>(`Array.from(window.shot.getImageData(${x}, ${y}, ${w}, ${h}).data)`);
  const pixels: Array<[number, number, number]> = [];
  for (let i = 0; i < data.length; i += 4) pixels.push([data[i]!, data[i + 1]!, data[i + 2]!]);
  return pixels;
}

const pixel = async (x: number, y: number) => (await region(Math.round(x), Math.round(y), 1, 1))[0]!;

/** Within JPEG noise of the colour. */
const near = (actual: number[], expected: number[], tolerance = 12) => actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);

describe('a capture shows what readers saw', () => {
  it('takes a few seconds', () => {
    expect(renderMs).toBeLessThan(10_000);
  });

  it('hides the consent banner and the subscribe modal, and the page scrolls again', async () => {
    for (const gone of ['#onetrust-consent-sdk', '#onetrust-banner-sdk', '#paywall']) expect(capture.elements[gone]).toBeUndefined();
    // The masthead in its own colour: neither the modal's red nor the consent tool's dark filter over it.
    expect(await pixel(960, 150)).toSatisfy((c: number[]) => near(c, GREEN));
    // Where the consent banner stood (the first screen's foot, beside the anchor ad): the page's white.
    expect(await pixel(100, 1080 - 150)).toSatisfy((c: number[]) => near(c, WHITE));
    // The body fixed in place by the lock would have made the page one screen tall.
    const [, photoTop, , photoHeight] = capture.elements['#photo']!;
    expect(capture.documentHeight).toBe(photoTop + photoHeight + 400);
    expect(capture.height).toBe(capture.documentHeight);
  });

  it('keeps the fixed anchor ad where readers had it on the first screen', async () => {
    const box = capture.elements['#div-gpt-ad-anchor']!;
    expect(box).toEqual([596, 1080 - 100 + 5, 728, 90]);
    expect(capture.elements['slot:div-gpt-ad-anchor']).toEqual(box);
    expect(await pixel(box[0] + box[2] / 2, box[1] + box[3] / 2)).toSatisfy((c: number[]) => near(c, ORANGE));
  });

  it('loads the lazy image', async () => {
    expect(site.hits.map((hit) => hit.path)).toContain('/photo.svg');
    const [x, y, w, h] = capture.elements['#photo']!;
    expect([w, h]).toEqual([600, 400]);
    expect(await pixel(x + w / 2, y + h / 2)).toSatisfy((c: number[]) => near(c, BLUE));
  });

  it('draws the empty slot as a labelled box at its rectangle in the element map', async () => {
    const box = capture.elements['#div-gpt-ad-article-mid']!;
    expect(box).toEqual([810, expect.any(Number), 300, 250]);
    expect(capture.elements['slot:div-gpt-ad-article-mid']).toEqual(box);
    const [x, y, w, h] = box;
    // Filled to its corners, and no further.
    for (const [px, py] of [
      [x + 6, y + 6],
      [x + w - 7, y + 6],
      [x + 6, y + h - 7],
      [x + w - 7, y + h - 7],
    ] as const) {
      expect(await pixel(px, py)).toSatisfy((c: number[]) => near(c, SLOT_FILL, 8));
    }
    expect(await pixel(x - 6, y + h / 2)).toSatisfy((c: number[]) => near(c, WHITE, 8));
    expect(await pixel(x + w / 2, y + h + 6)).toSatisfy((c: number[]) => near(c, WHITE, 8));
    // The label: dark text across the box's middle, none in its upper quarter.
    const dark = (pixels: Array<[number, number, number]>) => pixels.filter(([r, g, b]) => r + g + b < 450).length;
    expect(dark(await region(x + 4, y + h / 2 - 10, w - 8, 20))).toBeGreaterThan(40);
    expect(dark(await region(x + 4, y + 4, w - 8, h / 4))).toBe(0);
  });
});

describe('in the page', () => {
  let page: Page;
  // A page each: the fixture's modal timer would otherwise fire into the next test's content.
  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  });
  afterEach(async () => {
    await page.close();
  });

  it('labels an empty slot with its size and its unit\'s name, at the box the element map has', async () => {
    await page.goto(`${origin}/readers`);
    const drawn = await drawEmptyAdSlots(page);
    expect(drawn).toEqual([{ key: 'div-gpt-ad-article-mid', box: [350, expect.any(Number), 300, 250], label: 'Ad 300×250 · /1234/article_mid' }]);
  });

  it('names a slot without GPT by its slot key, and leaves a filled AdSense slot alone', async () => {
    await page.setContent(`<body style="margin:0">
      <ins class="adsbygoogle" data-ad-slot="4821596307" data-ad-status="unfilled" style="display:block;width:728px;height:90px"></ins>
      <ins class="adsbygoogle" data-ad-slot="111" data-ad-status="filled" style="display:block;width:300px;height:250px"></ins>
      <div data-ad-slot="222" style="width:320px;height:50px"><iframe style="width:320px;height:50px;border:0"></iframe></div>
      <div data-ad-slot="333" style="width:320px;height:50px"><p>House ad</p></div></body>`);
    const drawn = await drawEmptyAdSlots(page);
    expect(drawn.map((d) => d.label)).toEqual(['Ad 728×90 · 4821596307', 'Ad 320×50 · 222']);
  });

  it('keeps ads, the page\'s own fixed shell and a sticky side column; hides a fixed overlay', async () => {
    const text = 'Text of the page that readers read. '.repeat(40);
    await page.setContent(`<body style="margin:0">
      <div id="shell" style="position:fixed;inset:0;overflow:auto"><main><p>${text}</p></main></div>
      <div id="div-gpt-ad-interstitial" style="position:fixed;inset:0;background:#fc0"></div>
      <div id="wrapped-ad" style="position:fixed;left:0;top:0;width:1000px;height:400px"><ins class="adsbygoogle" style="display:block;width:300px;height:250px"></ins></div>
      <aside id="rail" style="position:sticky;top:0;width:300px;height:1200px"></aside>
      <div id="overlay" style="position:fixed;left:0;top:0;width:1000px;height:300px;z-index:9">Sign up</div>
      <div id="small" style="position:fixed;left:0;top:0;width:400px;height:200px">Small</div></body>`);
    expect(await hideOverlays(page)).toBe(1);
    const shown = await page.evaluate(`['shell', 'div-gpt-ad-interstitial', 'wrapped-ad', 'rail', 'overlay', 'small'].filter((id) => {
      const style = getComputedStyle(document.getElementById(id));
      return style.display !== 'none' && style.visibility !== 'hidden';
    })`);
    expect(shown).toEqual(['shell', 'div-gpt-ad-interstitial', 'wrapped-ad', 'rail', 'small']);
  });
});
