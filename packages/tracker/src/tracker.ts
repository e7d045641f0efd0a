// The Foldline tracker: pageviews, engaged time, scroll spans, clicks, attention, ad viewability and Prebid.js bids,
// sent as one batch per pageview to /api/collect. Cookieless, no dependencies, 4 KB gzipped budget (see build.ts).
// The beacon format is defined in packages/contracts/src/collect.ts; keys here are its short keys.
import { sessionId, uuid } from './ids.ts';
import { adSlots, selector, slotKey } from './selector.ts';
import { viewableShare } from './viewability.ts';

interface Prefs {
  clicks: boolean;
  scroll: boolean;
  engagement: boolean;
  ads: boolean;
}
type Ev = Record<string, unknown> & { k: string; a: number };
interface AdSlotInfo {
  key: string;
  name: string;
  gid?: string;
  sel: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Slot {
  el: Element;
  s: AdSlotInfo;
  /** Current impression id ('' before the slot rendered). */
  imp: string;
  /** GPT manages it: impressions come from slotRenderEnded, not from the markup. */
  gpt: boolean;
  /** Latest in-view share (0–1). */
  r: number;
  /** Since when the viewability threshold has been met continuously (0: not met), and the last clock reading. */
  st: number;
  on: number;
  /** An empty render was reported (markup slots). */
  e?: boolean;
  /** In-view ms not yet reported, largest in-view percent, viewable already reported. */
  iv: number;
  mp: number;
  /** Largest in-view percent last reported. */
  rm: number;
  vd: boolean;
  /** Layout shift this impression caused and has not reported (the score of the shifts of the content it pushed). */
  ls: number;
  t?: ReturnType<typeof setTimeout>;
  /** This impression's Prebid auction (absent: none seen for it). */
  p?: Auction;
}
/** What the tracker reads of a Prebid.js bid (Prebid's bid object has many more fields; none of them leaves the page). */
interface Bid {
  adUnitCode?: string;
  auctionId?: string;
  adId?: string;
  cpm?: number;
  currency?: string;
  netRevenue?: boolean;
  bidderCode?: string;
  bidder?: string;
}
/** A Prebid auction of one ad unit code: its id, best bid, won bid, and whether its 'bid' event was sent. */
interface Auction {
  au?: string;
  b?: Bid;
  w?: Bid;
  s?: boolean;
}
interface Pbjs {
  que?: Array<() => void>;
  onEvent(type: string, f: (e: never) => void): void;
}
interface GptSlot {
  getSlotElementId(): string;
  getAdUnitPath(): string;
}
interface GptEvent {
  slot: GptSlot;
  isEmpty?: boolean;
  size?: number[] | null;
  inViewPercentage?: number;
}
interface GoogleTag {
  cmd: { push(f: () => void): void };
  pubads(): { addEventListener(type: string, f: (e: GptEvent) => void): void };
}

((w: Window & { googletag?: GoogleTag; pbjs?: Pbjs }, d: Document) => {
  const script = d.currentScript as HTMLScriptElement | null;
  const site = script && script.getAttribute('data-site');
  if (!script || !site) return;
  // Relative to the script, so a Foldline served under a path prefix works too.
  const endpoint = new URL('collect', script.src).href;
  const IDLE = 30000;
  const now = Date.now;
  const max = Math.max;
  const round = Math.round;
  const on = (target: EventTarget, type: string, f: (e: Event) => void) => target.addEventListener(type, f, { passive: true, capture: true });
  const prefs: Prefs = { clicks: true, scroll: true, engagement: true, ads: true };
  // Which preference each event kind depends on ('eng' carries engaged time and scroll depth).
  const allowed = (k: string) =>
    k == 'click' ? prefs.clicks : k == 'span' ? prefs.scroll : k == 'att' ? prefs.engagement : k == 'ad' ? prefs.ads : k != 'eng' || prefs.engagement || prefs.scroll;

  let queue: Ev[] = [];
  let pv = '';
  let sid = '';
  let url = '';
  let pvWidth = 0;
  let pvEvent: Ev | null = null;
  // Engaged time: counted while visible and within IDLE of the last input.
  let engaged = 0;
  let lastTick = now();
  let lastInput = lastTick;
  // Scroll: deepest viewport bottom (px) and the open viewport span.
  let deepest = 0;
  let reportedDepth = -1;
  let spanY = -1;
  let spanH = 0;
  let spanStart = 0;
  let scrollTimer: ReturnType<typeof setTimeout> | 0 = 0;
  // Attention: where the pointer rests and since when.
  let restX = -1;
  let restY = 0;
  let restSince = 0;
  // Layout shift of the page not reported yet (sum of layout-shift scores without recent input).
  let shift = 0;

  const visible = () => d.visibilityState == 'visible';
  const fix = (score: number) => round(score * 1e4) / 1e4;
  const docHeight = () => max(d.documentElement.scrollHeight, d.body ? d.body.scrollHeight : 0);

  const push = (ev: Ev) => {
    if (pv && allowed(ev.k)) queue.push(ev);
    if (queue.length > 90) send();
  };

  // Whether the page was visible since the last tick: the interval just ended is counted by that state.
  let shown = visible();
  const tick = () => {
    const t = now();
    if (shown) engaged += max(0, Math.min(t, lastInput + IDLE) - lastTick);
    lastTick = t;
    shown = visible();
  };
  const input = () => {
    tick();
    lastInput = now();
  };

  const closeSpan = () => {
    const t = now();
    if (spanY >= 0 && t - spanStart > 99) push({ k: 'span', a: spanStart, y: spanY, vh: spanH, dh: docHeight(), d: t - spanStart });
    spanY = -1;
  };
  const openSpan = () => {
    spanY = round(max(0, w.scrollY));
    spanH = w.innerHeight;
    spanStart = now();
    deepest = max(deepest, spanY + spanH);
  };

  const rest = () => {
    const held = now() - restSince;
    if (restX >= 0 && held > 499) push({ k: 'att', a: restSince, x: restX, y: restY, vw: w.innerWidth, w: held, dh: docHeight() });
    restSince = now();
  };

  /** Adds engagement, the open span and the open ad clocks to the queue, then sends it. */
  const send = (leaving?: boolean) => {
    if (!pv) return;
    // Leaving the page (or the view) after a held click: not dead.
    if (leaving) release();
    tick();
    if (visible()) {
      closeSpan();
      openSpan();
    }
    rest();
    // Reported depth never falls (a page that grows longer lowers the percentage), and each row names the depth
    // reported before it (-1: the pageview's first row), so the collector stores additive increments.
    const depth = max(reportedDepth, round(Math.min(100, (deepest * 100) / max(1, docHeight()))));
    if (engaged > 0 || depth != reportedDepth || shift) push({ k: 'eng', a: now(), ms: round(engaged), sd: depth, pd: reportedDepth, dh: docHeight(), ...(shift && { ls: fix(shift) }) });
    engaged = 0;
    shift = 0;
    reportedDepth = depth;
    slots.forEach((slot) => {
      if (!slot.imp) return;
      measure(slot);
      if (slot.iv > 0 || slot.mp != slot.rm || slot.ls) adEvent(slot, 'view_time', { iv: round(slot.iv), mp: slot.mp, ...(slot.ls && { ls: fix(slot.ls) }) });
      slot.iv = slot.ls = 0;
      slot.rm = slot.mp;
      // Leaving ends the impression: an auction Prebid lost is reported now.
      if (leaving) endBid(slot);
    });
    if (pvEvent) pvEvent.t = d.title.slice(0, 500);
    pvEvent = null;
    const t = now();
    const events = queue.filter((ev) => allowed(ev.k)).map((ev) => ({ ...ev, a: max(0, t - ev.a) }));
    queue = [];
    sessionId();
    // Chunks stay well under the collector's 500 events and 64 KB.
    while (events.length) {
      const body = JSON.stringify({ site, u: url, pv, sid, vw: pvWidth, e: events.splice(0, 100) });
      // While the page stays, fetch reads the answer (the website's preferences); a leaving page uses sendBeacon.
      if (!leaving || !navigator.sendBeacon || !navigator.sendBeacon(endpoint, body)) {
        fetch(endpoint, { method: 'POST', body, keepalive: true })
          .then((r) => r.json())
          .then((answer: { prefs?: Prefs }) => {
            if (answer.prefs) Object.assign(prefs, answer.prefs);
          })
          .catch(() => {});
      }
    }
  };

  const pageview = (referrer: string) => {
    // A navigation (a new view, or a history change within this one) follows a held click: not dead.
    release();
    const href = location.href.slice(0, 4096);
    if (pv && href.split('#')[0] == url.split('#')[0]) return;
    send(true);
    url = href;
    pv = uuid();
    sid = sessionId();
    pvWidth = w.innerWidth;
    deepest = 0;
    reportedDepth = -1;
    engaged = 0;
    lastTick = now();
    openSpan();
    pvEvent = { k: 'pv', a: now(), t: '', r: referrer.slice(0, 2048), vw: pvWidth, vh: w.innerHeight, dh: docHeight() };
    push(pvEvent);
    slots.forEach((slot) => {
      // Slots of the previous view start over: their impressions belonged to it.
      slot.imp = '';
      slot.e = false;
    });
    setTimeout(send, 1000);
  };

  // ---- Ads ----
  const slots = new Map<Element, Slot>();
  let hovered: Slot | null = null;
  let touched: Slot | null = null;
  let touchedAt = 0;
  const observer =
    'IntersectionObserver' in w &&
    new IntersectionObserver(
      (entries) =>
        entries.forEach((entry) => {
          const slot = slots.get(entry.target);
          if (slot) {
            slot.r = entry.intersectionRatio;
            measure(slot);
          }
        }),
      { threshold: Array.from(Array(11), (_, i) => i / 10) },
    );

  // Layout shift (Chromium only: feature-detected, nothing runs elsewhere). A shift is the page's; it is also a
  // slot's when content that stood at the slot or right under it moved down: the slot rendered or grew and pushed it.
  const PO = (w as { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (PO && (PO.supportedEntryTypes || []).indexOf('layout-shift') >= 0)
    new PO((list: PerformanceObserverEntryList) =>
      list.getEntries().forEach((e: PerformanceEntry) => {
        const entry = e as PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> };
        if (entry.hadRecentInput || !pv) return;
        shift += entry.value;
        let by: Slot | undefined;
        (entry.sources || []).forEach((source) =>
          slots.forEach((slot) => {
            const r = slot.el.getBoundingClientRect();
            const top = source.previousRect.top;
            if (!by && slot.imp && source.currentRect.top > top && top >= r.top - 5 && top <= r.bottom + 80) by = slot;
          }),
        );
        if (by) by.ls += entry.value;
      }),
    ).observe({ type: 'layout-shift', buffered: true });

  const adEvent = (slot: Slot, ev: string, extra?: object) => push({ k: 'ad', a: now(), slot: slot.s, imp: slot.imp, ev, ...extra });

  const place = (slot: Slot, size?: number[] | null) => {
    const rect = slot.el.getBoundingClientRect();
    const s = slot.s;
    s.x = round(max(0, rect.left + w.scrollX));
    s.y = round(max(0, rect.top + w.scrollY));
    s.w = round(size ? size[0]! : rect.width);
    s.h = round(size ? size[1]! : rect.height);
  };

  /** Runs the MRC clock: ≥ 50 % in view (30 % above 242,500 px²) for 1 continuous second while visible. */
  const measure = (slot: Slot) => {
    const t = now();
    const inView = !!slot.imp && visible() && slot.r >= viewableShare(slot.s.w, slot.s.h);
    if (slot.imp && visible()) slot.mp = max(slot.mp, round(slot.r * 100));
    if (slot.on) slot.iv += t - slot.on;
    if (inView && !slot.st) {
      slot.st = t;
      slot.t = setTimeout(() => {
        measure(slot);
        if (slot.st && now() - slot.st > 999) viewable(slot);
      }, 1000);
    }
    // Continuity: the clock restarts whenever the threshold or the page's visibility is lost.
    if (!inView) {
      clearTimeout(slot.t);
      slot.st = 0;
    }
    slot.on = inView ? t : 0;
  };

  const viewable = (slot: Slot) => {
    if (!slot.imp || slot.vd) return;
    slot.vd = true;
    adEvent(slot, 'viewable', { mp: slot.mp });
  };

  const impression = (slot: Slot, rendered: boolean, size?: number[] | null) => {
    if (slot.imp) {
      endBid(slot);
      send();
    }
    place(slot, size);
    slot.imp = uuid();
    slot.vd = false;
    slot.mp = slot.rm = slot.iv = slot.on = slot.st = slot.ls = 0;
    clearTimeout(slot.t);
    adEvent(slot, rendered ? 'impression' : 'empty');
    // The render takes its ad unit's latest Prebid auction (an empty render drops it), with a win already held for it.
    const code = [slot.el.id, slot.s.gid].find((c) => c && auctions[c]);
    slot.p = rendered && code ? auctions[code] : undefined;
    if (code) delete auctions[code];
    if (slot.p && slot.p.w) bidEvent(slot);
    slot.e = !rendered;
    if (!rendered) slot.imp = '';
    measure(slot);
  };

  const attr = (el: Element, name: string) => el.getAttribute(name) || '';

  const scan = () => {
    if (!prefs.ads || !pv) return;
    const seen: Record<string, number> = {};
    adSlots(d).forEach((el) => {
      let slot = slots.get(el);
      if (!slot) {
        const adSlot = attr(el, 'data-ad-slot');
        let key = slotKey(el);
        seen[key] = (seen[key] || 0) + 1;
        if (seen[key]! > 1) key += `@${seen[key]}`;
        key = key.slice(0, 500);
        // The clocks and counts start with the first impression (impression() sets them).
        slot = { el, s: { key, name: key, sel: selector(el), x: 0, y: 0, w: 0, h: 0 }, imp: '', gpt: !!w.googletag && /^div-gpt-ad/.test(el.id), r: 0 } as Slot;
        if (adSlot) slot.s.gid = adSlot.slice(0, 500);
        slots.set(el, slot);
        if (observer) observer.observe(el);
        on(el, 'mouseover', () => (hovered = slot!));
        on(el, 'mouseout', () => (hovered = null));
        on(el, 'touchstart', () => {
          touched = slot!;
          touchedAt = now();
        });
      }
      if (slot.imp || slot.gpt || slot.e) return;
      const status = attr(el, 'data-ad-status');
      if (status == 'unfilled') return impression(slot, false);
      // AdSense marks a filled slot; other markup counts once it holds a creative with a size.
      const creative = el.querySelector('iframe,img');
      if (status == 'filled' || (!status && creative && creative.getBoundingClientRect().height > 0)) impression(slot, true);
    });
  };

  const gptSlot = (e: GptEvent) => {
    scan();
    const el = d.getElementById(e.slot.getSlotElementId());
    const slot = el && slots.get(el);
    if (slot) {
      slot.gpt = true;
      slot.s.name = slot.s.gid = e.slot.getAdUnitPath().slice(0, 500);
    }
    return slot;
  };

  const hookGpt = () => {
    const g = w.googletag;
    if (!g || !g.cmd || (g as { fl?: boolean }).fl) return;
    (g as { fl?: boolean }).fl = true;
    g.cmd.push(() => {
      const pubads = g.pubads();
      // A refresh renders again: each render is a new impression.
      pubads.addEventListener('slotRenderEnded', (e) => {
        const slot = gptSlot(e);
        if (slot) impression(slot, !e.isEmpty, Array.isArray(e.size) ? e.size : null);
      });
      pubads.addEventListener('impressionViewable', (e) => {
        const slot = gptSlot(e);
        if (slot) viewable(slot);
      });
      pubads.addEventListener('slotVisibilityChanged', (e) => {
        const slot = gptSlot(e);
        if (slot && !observer) {
          slot.r = (e.inViewPercentage || 0) / 100;
          measure(slot);
        }
      });
    });
  };

  /** Estimated ad click: focus moved into the ad's iframe (pointer over it), or a touch on it just before leaving. */
  const adClick = () => {
    setTimeout(() => {
      const active = d.activeElement;
      let slot = active && active.tagName == 'IFRAME' && hovered && hovered.el.contains(active) ? hovered : null;
      if (!slot && touched && now() - touchedAt < 400) slot = touched;
      touched = null;
      if (slot && slot.imp) {
        adEvent(slot, 'click');
        send();
      }
    }, 50);
  };

  // ---- Prebid.js ----
  // Per impression, one 'bid' event: the won bid when Prebid won (sent when both are known), else the best bid of its
  // auction when the impression ends (won 0). Ad unit codes are matched to slots by element id or GPT ad unit path.
  /** Each ad unit code's latest auction not yet taken by a render, holding a win that came before its render. */
  const auctions: Record<string, Auction> = {};
  const wins: Record<string, 1> = {};
  const cpm = (b?: Bid) => (b ? Math.min(1e4, max(0, Number(b.cpm) || 0)) : 0);
  // A bid without an ISO currency or ad unit code is not recorded: the beacon's schema would refuse it.
  const usable = (b: Bid) => !!b.adUnitCode && /^[A-Z]{3}$/.test(b.currency as string);

  const bidEvent = (slot: Slot) => {
    const p = slot.p!;
    const won = p.w;
    const b = won || p.b!;
    p.s = true;
    adEvent(slot, 'bid', { cpm: cpm(won), best: max(cpm(p.b), cpm(won)), cur: b.currency, bidder: String(b.bidderCode || b.bidder || '').slice(0, 64), net: b.netRevenue ? 1 : 0, won: won ? 1 : 0 });
  };
  const endBid = (slot: Slot) => {
    const p = slot.p;
    if (slot.imp && p && p.b && !p.s) bidEvent(slot);
  };

  const auctionEnd = (a: { auctionId?: string; adUnitCodes?: string[]; bidsReceived?: Bid[] }) => {
    (a.adUnitCodes || []).forEach((code) => (auctions[code] = { au: a.auctionId }));
    (a.bidsReceived || []).forEach((b) => {
      const p = usable(b) && auctions[b.adUnitCode!];
      if (p && cpm(b) > cpm(p.b)) p.b = b;
    });
  };

  const bidWon = (b: Bid) => {
    const code = b.adUnitCode!;
    if (!usable(b) || (b.adId && wins[b.adId])) return;
    if (b.adId) wins[b.adId] = 1;
    const held = auctions[code];
    // Its auction is not rendered yet: held until the render.
    if (held && held.au == b.auctionId) return void (held.w = held.w || b);
    let slot: Slot | undefined;
    slots.forEach((s) => {
      if (s.el.id == code || s.s.gid == code) slot = s;
    });
    // The slot's current impression takes a win of its own auction (or of one it never saw); a win of a later auction
    // waits for the next render, and a second win of the impression's auction is ignored.
    const p = slot && slot.imp ? slot.p || (slot.p = {}) : null;
    if (p && !p.w && (!p.au || p.au == b.auctionId)) {
      p.au = b.auctionId;
      p.w = b;
      bidEvent(slot!);
    } else if (!p || p.au != b.auctionId) auctions[code] = { au: b.auctionId, w: b };
  };

  // Prebid's own command queue: it runs now when Prebid is there, else once Prebid loads.
  const pbjs = (w.pbjs = w.pbjs || ({} as Pbjs));
  (pbjs.que = pbjs.que || []).push(() => {
    pbjs.onEvent('auctionEnd', auctionEnd);
    pbjs.onEvent('bidWon', bidWon);
  });

  // ---- Clicks ----
  // Dead clicks: a click on nothing interactive that is followed within 1 s by no DOM change around it (anywhere in
  // the clicked element's parent, or on an ancestor), no scroll and no navigation (a new view, the page hidden or
  // left). Its event waits that second and then carries dd: 1; the other events never wait. Interactive: focusable by
  // default or by tabindex >= 0 (links, buttons, form fields, summary), editable, a label, an onclick attribute or
  // property, or a widget's ARIA role (button, link, menuitem, tab, checkbox), on the element or an ancestor. A
  // listener added with addEventListener cannot be seen: a click it answers without changing the DOM around the
  // element, without scrolling or navigating, counts as dead.
  /** Clicks being watched, with the clicked element's parent. */
  const held = new Map<Ev, Element>();
  /** Something happened: queues the held clicks `near` chooses (every one without it), not dead. */
  const release = (near?: (parent: Element) => boolean) => held.forEach((parent, ev) => (!near || near(parent)) && held.delete(ev) && push(ev));
  const mutations = new MutationObserver((records) =>
    // In the parent, or on an ancestor of it: around the clicked element.
    records.forEach((m) => release((parent) => parent.contains(m.target) || m.target.contains(parent))),
  );

  on(d, 'click', (e) => {
    input();
    const me = e as MouseEvent;
    const target = me.target as Element;
    if (!prefs.clicks || !target.getBoundingClientRect) return;
    const rect = target.getBoundingClientRect();
    const share = (v: number, size: number) => (size > 0 ? Math.min(1, max(0, v / size)) : 0);
    const ev: Ev = {
      k: 'click',
      a: now(),
      x: round(max(0, me.pageX)),
      y: round(max(0, me.pageY)),
      vw: w.innerWidth,
      dh: docHeight(),
      s: selector(target),
      ox: round(share(me.clientX - rect.left, rect.width) * 1000) / 1000,
      oy: round(share(me.clientY - rect.top, rect.height) * 1000) / 1000,
    };
    for (let el: Element | null = target; el; el = el.parentElement) {
      const html = el as HTMLElement;
      // The role, or for an element without one its tag: a label.
      if (html.tabIndex >= 0 || html.isContentEditable || html.onclick || /^(button|link|menuitem|tab|checkbox|label)$/.test(attr(el, 'role') || el.localName)) return push(ev);
    }
    held.set(ev, target.parentElement || target);
    mutations.observe(d, { subtree: true, childList: true, attributes: true, characterData: true });
    setTimeout(() => {
      if (held.delete(ev)) push({ ...ev, dd: 1 });
      if (!held.size) mutations.disconnect();
    }, 1000);
  });

  // ---- Activity, scroll, attention ----
  on(d, 'keydown', input);
  on(d, 'touchstart', input);
  on(d, 'mousemove', (e) => {
    const me = e as MouseEvent;
    if (now() - lastInput > 999) input();
    const x = round(me.pageX);
    const y = round(me.pageY);
    if (restX < 0 || Math.abs(x - restX) + Math.abs(y - restY) > 40) {
      rest();
      restX = x;
      restY = y;
    }
  });
  // Scroll handling reads only scrollY and innerHeight, at most every 250 ms.
  // A scroll (of the page, or of an element: seen in the capture phase) after a held click: not dead.
  on(w, 'scroll', () => {
    release();
    if (scrollTimer) return;
    scrollTimer = setTimeout(() => {
      scrollTimer = 0;
      input();
      if (!visible()) return;
      if (round(w.scrollY) != spanY) {
        closeSpan();
        openSpan();
      }
    }, 250);
  });
  on(d, 'visibilitychange', () => {
    tick();
    if (visible()) {
      input();
      openSpan();
    } else {
      if (touched) adClick();
      closeSpan();
      send(true);
    }
    slots.forEach(measure);
  });
  on(w, 'pagehide', () => send(true));
  on(w, 'blur', adClick);

  // ---- Single-page apps ----
  (['pushState', 'replaceState'] as const).forEach((name) => {
    const original = history[name];
    history[name] = function (this: History, ...args: Parameters<History['pushState']>) {
      const from = location.href;
      original.apply(this, args);
      pageview(from);
    };
  });
  on(w, 'popstate', () => pageview(''));

  pageview(d.referrer);
  hookGpt();
  scan();
  setInterval(() => {
    hookGpt();
    scan();
  }, 2000);
  setInterval(send, 15000);
})(window, document);
