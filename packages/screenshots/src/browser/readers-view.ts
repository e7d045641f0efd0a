// Runs inside the captured page (bundled by page-script.ts): makes the capture show what readers saw — consent banners
// and overlays that cover the page hidden (never answered), page scrolling unlocked, lazy images loaded, and ad slots
// that got no creative drawn as labelled boxes of their size.
import { adSlots, slotKey } from '@foldline/tracker/selector';
import type { Box } from './layout.ts';

/** The containers of common consent tools (the selectors DuckDuckGo's autoconsent hides them by). Hidden whatever their
 * size: a bottom banner covers less than a third of the screen and still hides the page's foot. */
const CONSENT_SELECTORS = [
  // OneTrust
  '#onetrust-consent-sdk',
  '#onetrust-banner-sdk',
  '.onetrust-pc-dark-filter',
  '.optanon-alert-box-wrapper',
  // Cookiebot
  '#CybotCookiebotDialog',
  // Didomi
  '#didomi-host',
  // Quantcast Choice
  '#qc-cmp2-container',
  '.qc-cmp2-container',
  // TrustArc
  '#truste-consent-track',
  '#trustarc-banner-overlay',
  '.truste_overlay',
  '.truste_box_overlay',
  '.truste_popframe',
  // Usercentrics
  '#usercentrics-root',
  '#usercentrics-cmp-ui',
  // Sourcepoint
  '[id^="sp_message_container_"]',
  // CookieYes
  '.cky-consent-container',
  '.cky-overlay',
  // Osano
  '.osano-cm-window',
  // Complianz
  '#cmplz-cookiebanner-container',
  // Klaro
  '.klaro',
];

/** Marks what this script hid or unlocked: attributes, so a page script that restyles its modal does not bring it back. */
const HIDDEN = 'data-foldline-hidden';
const UNLOCKED = 'data-foldline-unlocked';
const STYLE_ID = 'foldline-readers-view';
/** A fixed element covering more of the viewport than this is an overlay, not part of the page. */
const OVERLAY_SHARE = 1 / 3;
/** An element holding more of the page's text than this is the page itself (an app shell), never an overlay. */
const PAGE_TEXT_SHARE = 0.5;
/** A sticky element counts as an overlay only across (nearly) the viewport's width: a sticky side column is content. */
const STICKY_WIDTH_SHARE = 0.9;

function ensureStyle(): void {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  // Fixed elements go (they take no room in the page); a sticky one keeps its room, so nothing else moves from where
  // readers had it and the element map stays theirs.
  style.textContent = `${CONSENT_SELECTORS.join(',')},[${HIDDEN}="fixed"]{display:none!important}
[${HIDDEN}="sticky"],[${HIDDEN}="sticky"] *{visibility:hidden!important}
[${UNLOCKED}]{overflow-y:visible!important}
[${UNLOCKED}="fixed"]{position:static!important}`;
  (document.head ?? document.documentElement).appendChild(style);
}

/** Whether the element is, holds or sits in one of the page's ad slots (as the tracker finds them): kept, fixed or not. */
function isAd(el: Element, slots: Element[]): boolean {
  return slots.some((slot) => slot === el || el.contains(slot) || slot.contains(el));
}

/**
 * Hides consent tools' containers and the fixed (or full-width sticky) elements covering more than a third of the
 * viewport, except ad slots and whatever holds most of the page's text; then, if anything was hidden, gives the page
 * back its scrolling where an overlay locked it (overflow hidden, or a body fixed in place). Safe to call again: what
 * appeared since (a modal on a timer or on scroll) is hidden too. Answers how many elements it hid in all.
 */
export function hideOverlays(): number {
  ensureStyle();
  const slots = adSlots(document);
  const viewport = window.innerWidth * window.innerHeight;
  // innerText: what a reader can read, without the scripts' and styles' text.
  const pageText = (document.body?.innerText ?? '').length;
  for (const el of Array.from(document.body?.querySelectorAll('*') ?? [])) {
    if (el.hasAttribute(HIDDEN) || el.closest(`[${HIDDEN}]`)) continue;
    const style = getComputedStyle(el);
    if (style.position !== 'fixed' && style.position !== 'sticky') continue;
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const rect = el.getBoundingClientRect();
    let covered: number;
    if (style.position === 'fixed') {
      // What it covers on the screen: a drawer moved out of view covers nothing.
      const w = Math.min(rect.right, window.innerWidth) - Math.max(rect.left, 0);
      const h = Math.min(rect.bottom, window.innerHeight) - Math.max(rect.top, 0);
      covered = Math.max(0, w) * Math.max(0, h);
    } else {
      // What it covers once stuck, wherever it stands now.
      if (rect.width < STICKY_WIDTH_SHARE * window.innerWidth) continue;
      covered = Math.min(rect.width, window.innerWidth) * Math.min(rect.height, window.innerHeight);
    }
    if (covered <= OVERLAY_SHARE * viewport || isAd(el, slots)) continue;
    if (pageText > 0 && ((el as HTMLElement).innerText ?? '').length > PAGE_TEXT_SHARE * pageText) continue;
    el.setAttribute(HIDDEN, style.position);
  }
  const hidden = document.querySelectorAll(`[${HIDDEN}],${CONSENT_SELECTORS.join(',')}`).length;
  if (hidden > 0) unlockScrolling();
  return hidden;
}

/** Scrolling as it is once the overlay is gone: overflow hidden on html or body lifted, a body fixed in place released. */
function unlockScrolling(): void {
  for (const el of [document.documentElement, document.body]) {
    if (!el || el.hasAttribute(UNLOCKED)) continue;
    const style = getComputedStyle(el);
    const locked = style.overflowY === 'hidden' || style.overflowY === 'clip';
    const fixed = el === document.body && style.position === 'fixed';
    if (locked || fixed) el.setAttribute(UNLOCKED, fixed ? 'fixed' : 'overflow');
  }
}

/**
 * Lazy images (loading="lazy") above maxHeight that scrolling did not bring in, made to load now: a long page's foot
 * when the scroll ran out of time, or a page whose scrolling is its own. Answers how many it started.
 */
export function loadLazyImages(maxHeight: number): number {
  let started = 0;
  for (const img of Array.from(document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]'))) {
    if (img.complete) continue;
    const top = img.getBoundingClientRect().top + window.scrollY;
    if (top >= maxHeight) continue;
    img.loading = 'eager';
    started += 1;
  }
  return started;
}

/** What draws a creative: an element of these at least this size in both directions. */
const CREATIVE = 'iframe, img, video, canvas, object, embed, svg';
const MIN_CREATIVE_PX = 10;
/** Smaller slots are not drawn (a 1×1 tracking slot, a collapsed one). */
const MIN_BOX_PX = 20;
/** The name, as Foldline knows the unit, cut to this. */
const MAX_NAME_CHARS = 60;

interface GptSlot {
  getSlotElementId(): string;
  getAdUnitPath(): string;
  getResponseInformation?(): unknown;
}

/** GPT's slots when gpt.js itself ran (the tag's stub has no pubads). */
function gptSlots(): GptSlot[] {
  try {
    const googletag = (window as { googletag?: { pubads?: () => { getSlots?: () => GptSlot[] } } }).googletag;
    return googletag?.pubads?.().getSlots?.() ?? [];
  } catch {
    return [];
  }
}

/** A same-origin frame with nothing in it (a slot's frame written empty); a cross-origin one is taken as drawn. */
function blankFrame(frame: HTMLIFrameElement): boolean {
  try {
    const body = frame.contentDocument?.body;
    if (!body) return false;
    return (body.innerText ?? '').trim() === '' && !body.querySelector(CREATIVE);
  } catch {
    return false;
  }
}

function hasCreative(el: Element, gpt: GptSlot | undefined): boolean {
  const status = el.getAttribute('data-ad-status');
  if (status === 'unfilled') return false;
  if (status === 'filled') return true;
  // GPT answered the slot with no ad (its frame may still be there, blank).
  if (gpt?.getResponseInformation && gpt.getResponseInformation() === null) return false;
  if (((el as HTMLElement).innerText ?? '').trim() !== '') return true;
  return Array.from(el.querySelectorAll(CREATIVE)).some((media) => {
    const rect = media.getBoundingClientRect();
    if (rect.width < MIN_CREATIVE_PX || rect.height < MIN_CREATIVE_PX || getComputedStyle(media).visibility === 'hidden') return false;
    if (media instanceof HTMLImageElement) return media.complete && media.naturalWidth > 0;
    if (media instanceof HTMLIFrameElement) return !blankFrame(media);
    return true;
  });
}

export interface AdBox {
  /** The slot's key in the element map (`slot:` + this), as the tracker names it. */
  key: string;
  box: Box;
  label: string;
}

/**
 * Over each ad slot with a box but no creative, a box of its size with a subtle fill and a label ("Ad 300×250 ·
 * /1234/article_mid"): the unit's name as the tracker records it (GPT's ad unit path, else its slot key). Drawn at the
 * slot's own rectangle, measured as elementMap measures it, so the heatmap's boxes and the picture agree; the drawn
 * element lives in a shadow root under a tag no page style names, and is added after the element map is taken.
 */
export function drawEmptyAdSlots(): AdBox[] {
  const gpt = gptSlots();
  const drawn: AdBox[] = [];
  for (const el of adSlots(document)) {
    const rect = el.getBoundingClientRect();
    if (rect.width < MIN_BOX_PX || rect.height < MIN_BOX_PX) continue;
    const key = slotKey(el);
    const slot = gpt.find((s) => s.getSlotElementId() === el.id);
    if (hasCreative(el, slot)) continue;
    const box: Box = [Math.round(rect.left + window.scrollX), Math.round(rect.top + window.scrollY), Math.round(rect.width), Math.round(rect.height)];
    const name = slot?.getAdUnitPath() || key;
    const label = `Ad ${box[2]}×${box[3]} · ${name.length > MAX_NAME_CHARS ? `${name.slice(0, MAX_NAME_CHARS - 1)}…` : name}`;
    drawBox(box, label);
    drawn.push({ key, box, label });
  }
  return drawn;
}

/**
 * An absolute box at the slot's document position, fixed slots (an anchor ad) included: the capture is taken at the
 * top of the page, where Chromium's full-page capture draws fixed elements as they stood on the first screen.
 */
function drawBox([x, y, w, h]: Box, label: string): void {
  const host = document.createElement('foldline-ad-box');
  const place = (left: number, top: number) => {
    for (const [property, value] of Object.entries({
      position: 'absolute',
      left: `${left}px`,
      top: `${top}px`,
      width: `${w}px`,
      height: `${h}px`,
      margin: '0',
      padding: '0',
      border: '0',
      display: 'block',
      transform: 'none',
      'z-index': '2147483647',
      'pointer-events': 'none',
    })) {
      host.style.setProperty(property, value, 'important');
    }
  };
  place(x, y);
  const shadow = host.attachShadow({ mode: 'closed' });
  const box = document.createElement('div');
  box.setAttribute(
    'style',
    'box-sizing:border-box;width:100%;height:100%;display:flex;align-items:center;justify-content:center;overflow:hidden;' +
      'background:rgb(236,239,244);border:1px dashed rgb(148,160,180);color:rgb(60,70,90);' +
      'font:500 12px/1.3 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;text-align:center;padding:4px;word-break:break-word',
  );
  box.textContent = label;
  shadow.appendChild(box);
  document.documentElement.appendChild(host);
  // A page that positions its root (html { position: relative; top: … }) moves the box: put it where the slot is.
  const placed = host.getBoundingClientRect();
  const dx = x - Math.round(placed.left + window.scrollX);
  const dy = y - Math.round(placed.top + window.scrollY);
  if (dx !== 0 || dy !== 0) place(x + dx, y + dy);
}
