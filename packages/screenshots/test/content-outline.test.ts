// The content outline of a capture in real Chromium: the article body found from the page's structure whatever ids
// and classes its CMS puts on paragraphs, the story blocks of a home page, and the side column beside either.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REFERENCE_WIDTHS } from '@foldline/contracts';
import type { ContentOutline } from '@foldline/contracts/content-outline';
import { ARTICLES, articlePath } from '@foldline/demo/site/content';
import { contentOutline, layoutPage } from '@foldline/demo/site/layout';
import { planNow } from '@foldline/demo/site/layout-changes';
import { serveDemoSite } from '@foldline/demo/site/site';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturePage } from '../src/capture.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TEXT = 'The council voted on Tuesday to extend the harbour ferry timetable into the winter months, after a year of complaints. ';

/** A CMS's article: every paragraph with a generated id and classes, wrapped twice, a sidebar beside it. */
const CMS_ARTICLE = `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>
  body { margin: 0; font: 18px/1.6 serif } .wrap { display: flex; gap: 40px; max-width: 1200px; margin: 0 auto }
  .content { flex: 1 } aside { width: 300px } @media (max-width: 767px) { .wrap { display: block } aside { width: auto } }
</style></head><body><header><a href="/">Home</a></header><div class="wrap"><div class="content"><div class="entry-content">
<h1 class="entry-title">Ferry timetable extended</h1>
${Array.from({ length: 6 }, (_, i) => `<p id="para-${1000 + i}" class="wp-block-paragraph has-text">${i === 3 ? 'Fares will stay the same. ' : ''}${TEXT.repeat(3)}</p>${i === 2 ? '<h2 id="h-why">Why now</h2>' : ''}`).join('')}
<ul><li>${TEXT}</li><li>${TEXT}</li></ul></div></div>
<aside id="secondary"><section><h2>Most read</h2><p>One</p></section><section><h2>Newsletter</h2><p>Sign up</p></section></aside></div></body></html>`;

const HOME = `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>
  body { margin: 0; font: 16px sans-serif } .columns { display: flex; max-width: 1200px; margin: 0 auto; gap: 32px } main { flex: 1 } aside { width: 300px }
  .story { display: block; height: 260px }
</style></head><body><header><nav><a href="/">Home</a></nav></header><div class="columns"><main>
<a class="story" href="/a"><h2>Lead story of the day</h2><p>Teaser</p></a><a class="story" href="/b"><h3>Second story</h3></a>
<a class="story" href="/c"><h3>Third story</h3></a><a class="story" href="/d"><h3>Fourth story</h3></a></main>
<aside><section><h2>Most read</h2></section></aside></div><footer>Footer</footer></body></html>`;

let server: Server;
let origin: string;
let browser: Browser;
const pages = new Map([
  ['/cms', CMS_ARTICLE],
  ['/home', HOME],
]);

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const page = pages.get(path);
    if (page) return void response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    // Everything else is the demo site's (its pages, stylesheet and scripts).
    void serveDemoSite(path, { trackingScript: undefined }).then((answer) => response.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://outline.localhost:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

/** Each page is captured once per device for the file: a capture takes seconds (it scrolls the page through and waits
 * for it to settle), and two tests read the demo's home page on desktop and its article on mobile. */
const outlines = new Map<string, Promise<ContentOutline | null | undefined>>();
const outlineOf = (path: string, device: 'desktop' | 'mobile' = 'desktop') => {
  const key = `${device} ${path}`;
  let outline = outlines.get(key);
  if (!outline) {
    outline = capturePage(async () => browser, `${origin}${path}`, device, { allowPrivate: false, allowedHosts: [new URL(origin).host] }).then((capture) => capture.outline);
    outlines.set(key, outline);
  }
  return outline;
};

describe('content outline', () => {
  it('finds an article body from its paragraphs, whatever ids and classes they carry, with its side column', async () => {
    const outline = await outlineOf('/cms');
    expect(outline?.kind).toBe('article');
    const kinds = outline!.main.blocks.map((block) => block.kind);
    expect(kinds.filter((kind) => kind === 'paragraph')).toHaveLength(6);
    expect(kinds).toContain('heading');
    expect(kinds.at(-1)).toBe('enclosure');
    const fourth = outline!.main.blocks.filter((block) => block.kind === 'paragraph')[3]!;
    expect(fourth.text.startsWith('Fares will stay the same.')).toBe(true);
    expect(fourth.text.length).toBeLessThanOrEqual(60);
    // Ids with digit runs are generated per render: the selector is the element's path instead.
    expect(fourth.selector).toMatch(/>p:nth-of-type\(4\)$/);
    expect(outline!.sides.map((side) => side.blocks.map((block) => block.text))).toEqual([['Most read', 'Newsletter']]);
    // Boxes in document pixels, top to bottom.
    const tops = outline!.main.blocks.map((block) => block.box[1]);
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
  }, 60_000);

  it('takes a page without an article body as a column of blocks, and its sidebar', async () => {
    const outline = await outlineOf('/home');
    expect(outline?.kind).toBe('blocks');
    expect(outline!.main.blocks.map((block) => block.text)).toEqual(['Lead story of the day', 'Second story', 'Third story', 'Fourth story']);
    expect(outline!.sides).toHaveLength(1);
  }, 60_000);

  it('reads the demo site: its articles paragraph by paragraph with their ads, its home page block by block', async () => {
    const home = await outlineOf('/');
    expect(home?.kind).toBe('blocks');
    expect(home!.main.blocks.some((block) => block.kind === 'ad')).toBe(true);
    const article = await outlineOf(articlePath(ARTICLES[0]!), 'mobile');
    expect(article?.kind).toBe('article');
    expect(article!.main.selector).toBe('#article-body');
    expect(article!.main.blocks.filter((block) => block.kind === 'paragraph').length).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it("is what the demo's layout model says a rendering reads: the outline the replay and the seed give the engine", async () => {
    /** Everything but the boxes' pixels (text heights are estimated in the model) and the ads' words (their stand-ins
     * draw creatives); the boxes' tops within a line or two. */
    const shape = (outline: ContentOutline | null | undefined) =>
      outline && {
        kind: outline.kind,
        columns: [outline.main, ...outline.sides].map((column) => ({
          selector: column.selector,
          blocks: column.blocks.map(({ tag, kind, selector, text }) => ({ tag, kind, selector, text: kind === 'ad' ? '' : text })),
        })),
      };
    for (const [path, device] of [['/', 'desktop'], ['/', 'mobile'], [articlePath(ARTICLES[0]!), 'desktop'], [articlePath(ARTICLES[0]!), 'mobile']] as const) {
      const read = await outlineOf(path, device);
      const modelled = contentOutline(layoutPage(planNow(path)!, REFERENCE_WIDTHS[device]));
      expect(shape(modelled), `${path} ${device}`).toEqual(shape(read));
      const tops = (outline: ContentOutline | null | undefined) => outline!.main.blocks.map((block) => block.box[1]);
      tops(modelled).forEach((top, i) => expect(Math.abs(top - tops(read)[i]!), `${path} ${device} block ${i}`).toBeLessThanOrEqual(60));
    }
  }, 120_000);
});
