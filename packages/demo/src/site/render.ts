// Renders a page plan to the demo site's HTML: real GPT and AdSense markup, Prebid.js where the site serves it, and the
// Foldline snippet in the head.
import { ARTICLES, CATEGORIES, articlePath, categoryBySlug, type Article } from './content.ts';
import { DEVICES } from './metrics.ts';
import { PREBID_PATH } from './browser/header-bidding.ts';
import { ADSENSE_CLIENT, type Block, type PagePlan } from './page-plan.ts';
import { briefId } from './layout.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function hideClasses(block: Block): string {
  if (!block.devices) return '';
  return DEVICES.filter((device) => !block.devices?.includes(device))
    .map((device) => ` hide-${device}`)
    .join('');
}

const kicker = (article: Article) => escapeHtml(categoryBySlug(article.category)?.name ?? article.category);

function renderBlock(block: Block): string {
  const hide = hideClasses(block);
  switch (block.kind) {
    case 'ad': {
      const { slot } = block;
      // For the local stand-ins only: the unit's own fill rate (a real ad server knows its demand; the stand-in reads
      // it here), and the publisher's refresh timer (page-ads.ts).
      const extra = `${slot.fill === undefined ? '' : ` data-demo-fill="${slot.fill}"`}${slot.refreshSeconds === undefined ? '' : ` data-refresh="${slot.refreshSeconds}"`}`;
      const inner =
        slot.network === 'gpt'
          ? `<div id="${slot.id}" class="ad-slot" style="width:${slot.w}px;height:${slot.h}px" data-unit="${escapeHtml(slot.name)}" data-size="${slot.w}x${slot.h}"${extra}></div>`
          : `<ins class="adsbygoogle" style="display:inline-block;width:${slot.w}px;height:${slot.h}px" data-ad-client="${ADSENSE_CLIENT}" data-ad-slot="${slot.id}"${extra}></ins>`;
      return `<div class="ad${hide}"><div class="ad-label">Advertisement</div>${inner}</div>`;
    }
    case 'page-title':
      return `<h1 class="page-title${hide}">${escapeHtml(block.title)}</h1>`;
    case 'lead': {
      const { article } = block;
      return `<a class="lead${hide}" id="lead-${article.slug}" href="${articlePath(article)}"><img src="/assets/img/${article.slug}.svg" alt=""><h2>${escapeHtml(article.title)}</h2><p>${escapeHtml(article.teaser)}</p></a>`;
    }
    case 'cards':
      return `<div class="cards${hide}">${block.articles
        .map(
          (article) =>
            `<a class="card" id="story-${article.slug}" href="${articlePath(article)}"><span class="kicker">${kicker(article)}</span><h3>${escapeHtml(article.title)}</h3><p>${escapeHtml(article.teaser)}</p></a>`,
        )
        .join('')}</div>`;
    case 'briefs':
      return `<section class="briefs${hide}"><h2 class="section-title">${escapeHtml(block.title)}</h2>${block.items
        .map((item, i) => `<div class="brief" id="${briefId(i)}"><h3>${escapeHtml(item.title)}</h3><p>${escapeHtml(item.text)}</p></div>`)
        .join('')}</section>`;
    case 'article-head': {
      const { article } = block;
      return `<header class="article-head${hide}"><span class="kicker">${kicker(article)}</span><h1>${escapeHtml(article.title)}</h1><p class="standfirst">${escapeHtml(article.teaser)}</p><p class="byline">By ${escapeHtml(article.author)} · ${escapeHtml(article.published)}</p></header><figure class="hero" id="article-hero"><img src="/assets/img/${article.slug}.svg" alt=""><figcaption>Illustration: Daily Gazette</figcaption></figure>`;
    }
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'subhead':
      return `<h2>${escapeHtml(block.text)}</h2>`;
    case 'related':
    case 'most-read':
      return `<section class="list ${block.kind}${hide}"><h2 class="section-title">${block.kind === 'related' ? 'Read next' : 'Most read'}</h2>${block.articles
        .map((article) => `<a id="${block.kind}-${article.slug}" href="${articlePath(article)}">${escapeHtml(article.title)}</a>`)
        .join('')}</section>`;
  }
}

/** The article body's paragraphs and the ads between them sit in one element, so paragraph selectors stay stable. */
function renderMain(plan: PagePlan): string {
  if (plan.kind !== 'article') return plan.main.map(renderBlock).join('\n');
  const [head, ...rest] = plan.main;
  const related = rest.filter((block) => block.kind === 'related');
  const body = rest.filter((block) => block.kind !== 'related');
  return `${head ? renderBlock(head) : ''}<div class="article-body" id="article-body">${body.map(renderBlock).join('\n')}</div>${related.map(renderBlock).join('')}`;
}

export interface RenderOptions {
  /** The Foldline snippet for the demo website, or undefined while the demo account does not exist. */
  trackingScript: string | undefined;
  /** Load Prebid.js (header bidding in front of GPT): only when the site can serve it. */
  prebid?: boolean;
}

export function renderPage(plan: PagePlan, options: RenderOptions): string {
  const nav = [{ slug: '', name: 'Home' }, ...CATEGORIES]
    .map((item) => `<a id="nav-${item.slug || 'home'}" href="/${item.slug ? `${item.slug}/` : ''}">${escapeHtml(item.name)}</a>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(plan.title)}</title>
<link rel="stylesheet" href="/assets/site.css">
<script async src="/ads/gpt.js"></script>
<script>window.googletag = window.googletag || { cmd: [] };</script>${options.prebid ? `\n<script async src="${PREBID_PATH}"></script>` : ''}
<script async src="/ads/adsbygoogle.js?client=${ADSENSE_CLIENT}"></script>
${options.trackingScript ?? ''}
</head>
<body class="page-${plan.kind}">
<header class="site-header"><div class="container"><div class="masthead"><a id="masthead-logo" href="/">Daily Gazette</a><span class="dateline">Alderport · ${ARTICLES.length} stories today</span></div><nav class="nav">${nav}</nav></div></header>
<div class="container top">${plan.top.map(renderBlock).join('\n')}</div>
<div class="container columns"><main class="main" id="main">${renderMain(plan)}</main><aside class="side">${plan.side.map(renderBlock).join('\n')}</aside></div>
<div class="container bottom">${plan.bottom.map(renderBlock).join('\n')}</div>
<footer class="site-footer"><div class="container"><p>The Daily Gazette is a fictional newspaper: the demo site of Foldline. Every story, name and advertiser on it is invented.</p><p>Ads on this site are served by a local stand-in for Google Publisher Tag and AdSense; nothing leaves this machine.</p></div></footer>
<script src="/assets/page-ads.js"></script>
</body>
</html>`;
}
