// Browser script: a local stand-in for Google Publisher Tag (gpt.js) with the parts of its API that trackers and
// Prebid.js use, filling slots with local creatives after a simulated ad-server delay. Nothing leaves the machine.
// Prebid's bid comes as slot targeting (hb_adid, hb_pb), as Prebid sets it for GPT: like Ad Manager's Prebid line
// items, the ad server weighs it against its own demand, and when it wins Prebid renders its creative in the slot's
// frame (pbjs.renderAd, what Prebid's creative calls in production), emitting bidWon.
import { viewableShare } from '@foldline/tracker/viewability';
import { creativeFor, demandCpm, fillRate, renderDelayMs, type ResponseInformation } from './ad-server.ts';

type Listener = (event: Record<string, unknown>) => void;
type SizeArray = [number, number];

interface GptSize {
  getWidth(): number;
  getHeight(): number;
}

type Targeting = Record<string, string | string[] | null>;

class Slot {
  private readonly targeting = new Map<string, string[]>();
  response: ResponseInformation | null = null;
  /** Starts the viewability clock of the slot's new impression (none for an empty render); set at its first ad. */
  newImpression: ((filled: boolean) => void) | undefined;
  constructor(
    private readonly adUnitPath: string,
    private readonly sizes: SizeArray[],
    private readonly elementId: string,
  ) {}
  getSlotElementId(): string {
    return this.elementId;
  }
  getAdUnitPath(): string {
    return this.adUnitPath;
  }
  getSizes(): GptSize[] {
    return this.sizes.map(([w, h]) => ({ getWidth: () => w, getHeight: () => h }));
  }
  getResponseInformation() {
    return this.response ? { advertiserId: this.response.advertiserId, campaignId: this.response.campaignId, creativeId: this.response.creativeId, lineItemId: this.response.lineItemId } : null;
  }
  addService(): Slot {
    return this;
  }
  setTargeting(key: string, value: string | string[]): Slot {
    this.targeting.set(key, Array.isArray(value) ? value : [value]);
    return this;
  }
  getTargeting(key: string): string[] {
    return this.targeting.get(key) ?? [];
  }
  clearTargeting(): Slot {
    this.targeting.clear();
    return this;
  }
  /** GPT's configuration API, which Prebid uses for targeting where it exists: a null value removes the key. */
  setConfig(config: { targeting?: Targeting }): void {
    for (const [key, value] of Object.entries(config.targeting ?? {})) {
      if (value === null) this.targeting.delete(key);
      else this.setTargeting(key, value);
    }
  }
  getConfig(key: string): { targeting?: Record<string, string[]> } {
    return key === 'targeting' ? { targeting: Object.fromEntries(this.targeting) } : {};
  }
  defineSizeMapping(): Slot {
    return this;
  }
  firstSize(): SizeArray {
    return this.sizes[0] ?? [300, 250];
  }
}

const listeners = new Map<string, Set<Listener>>();
const slots: Slot[] = [];
let servicesEnabled = false;
let initialLoad = true;
const displayed = new Set<Slot>();

interface Pbjs {
  renderAd(doc: Document, adId: string): void;
}

/** The Prebid line items' creative, one line item per price bucket. */
const prebidLineItem = (price: number): ResponseInformation => ({
  advertiserId: 4_199_000,
  campaignId: 5_299_000,
  creativeId: 138_999_000,
  lineItemId: 6_390_000 + Math.round(price * 100),
});

/** Prebid's bid for the slot: its ad id and price bucket, set by Prebid as targeting before the request. */
function prebidBid(slot: Slot): { adId: string; price: number; pbjs: Pbjs } | undefined {
  const pbjs = (window as unknown as { pbjs?: Partial<Pbjs> }).pbjs;
  const [adId] = slot.getTargeting('hb_adid');
  const price = Number(slot.getTargeting('hb_pb')[0]);
  if (!adId || !(price > 0) || typeof pbjs?.renderAd !== 'function') return undefined;
  return { adId, price, pbjs: pbjs as Pbjs };
}

function adFrame([w, h]: SizeArray, src?: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  if (src) frame.src = src;
  frame.width = String(w);
  frame.height = String(h);
  frame.title = 'Advertisement';
  frame.setAttribute('scrolling', 'no');
  return frame;
}

function emit(type: string, slot: Slot, extra: Record<string, unknown> = {}): void {
  const event = { type, slot, serviceName: 'publisher_ads', ...extra };
  for (const listener of listeners.get(type) ?? []) {
    try {
      listener(event);
    } catch (error) {
      // A broken listener must not stop the other listeners, as in GPT.
      console.error(error);
    }
  }
}

/** impressionViewable by Active View's rule: 50 % of the slot in view for 1 continuous second on a visible page, once
 * per impression: the function returned starts the clock of each new render (a refresh is a new impression). */
function watchViewability(slot: Slot, element: HTMLElement, [w, h]: SizeArray): (filled: boolean) => void {
  const threshold = viewableShare(w, h);
  let ratio = 0;
  let timer: number | undefined;
  let done = true;
  let lastReport = 0;
  let pending: number | undefined;
  const update = () => {
    const inView = ratio >= threshold && document.visibilityState === 'visible';
    if (inView && timer === undefined && !done) {
      timer = window.setTimeout(() => {
        done = true;
        emit('impressionViewable', slot);
      }, 1000);
    } else if (!inView && timer !== undefined && !done) {
      window.clearTimeout(timer);
      timer = undefined;
    }
  };
  // slotVisibilityChanged fires at most every 200 ms, like GPT.
  const report = () => {
    pending = undefined;
    lastReport = performance.now();
    emit('slotVisibilityChanged', slot, { inViewPercentage: Math.round(ratio * 100) });
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) ratio = entry.intersectionRatio;
      update();
      const wait = 200 - (performance.now() - lastReport);
      if (wait <= 0) report();
      else if (pending === undefined) pending = window.setTimeout(report, wait);
    },
    { threshold: Array.from({ length: 101 }, (_, i) => i / 100) },
  );
  observer.observe(element);
  document.addEventListener('visibilitychange', update);
  return (filled) => {
    window.clearTimeout(timer);
    timer = undefined;
    done = !filled;
    update();
  };
}

function render(slot: Slot): void {
  const element = document.getElementById(slot.getSlotElementId());
  if (!element) return;
  const size = slot.firstSize();
  emit('slotRequested', slot);
  window.setTimeout(() => {
    emit('slotResponseReceived', slot);
    // The ad server's own demand (when it has any for this request) against Prebid's bid: the higher price serves.
    const ownPrice = Math.random() < fillRate(element, 'gpt') ? demandCpm() : 0;
    const bid = prebidBid(slot);
    const prebidWins = bid !== undefined && bid.price > ownPrice;
    const own = !prebidWins && ownPrice > 0 ? creativeFor(size) : undefined;
    slot.response = prebidWins ? prebidLineItem(bid.price) : (own ?? null);
    element.replaceChildren();
    if (!slot.response) {
      slot.newImpression?.(false);
      emit('slotRenderEnded', slot, { isEmpty: true, size: null, creativeId: null, lineItemId: null, advertiserId: null, campaignId: null });
      return;
    }
    const frame = adFrame(size, own?.frameUrl);
    element.appendChild(frame);
    // After the append: a frame without a source loads (empty) at once, before Prebid writes the creative into it.
    frame.addEventListener('load', () => emit('slotOnload', slot), { once: true });
    emit('slotRenderEnded', slot, { isEmpty: false, size, ...slot.getResponseInformation() });
    // Prebid writes its creative into the frame (legacyRender, header-bidding.ts) and tells its bidWon.
    if (prebidWins && frame.contentDocument) bid.pbjs.renderAd(frame.contentDocument, bid.adId);
    slot.newImpression ??= watchViewability(slot, element, size);
    slot.newImpression(true);
  }, renderDelayMs());
}

const pubads = {
  addEventListener(type: string, listener: Listener) {
    const set = listeners.get(type) ?? new Set<Listener>();
    set.add(listener);
    listeners.set(type, set);
    return pubads;
  },
  removeEventListener(type: string, listener: Listener) {
    listeners.get(type)?.delete(listener);
    return true;
  },
  getSlots: () => [...slots],
  /** Every refresh is a new request and a new impression. */
  refresh(which?: Slot[] | null) {
    for (const slot of which ?? slots) if (displayed.has(slot)) render(slot);
  },
  enableSingleRequest: () => true,
  collapseEmptyDivs: () => true,
  /** display() then only places a slot: its ad is fetched by refresh() (header bidding bids first). */
  disableInitialLoad() {
    initialLoad = false;
  },
  setTargeting: () => pubads,
};

interface GoogletagQueue {
  cmd: Array<() => void> | { push(...fns: Array<() => void>): number };
}

const googletag = Object.assign((window as unknown as { googletag?: GoogletagQueue }).googletag ?? { cmd: [] }, {
  apiReady: true,
  pubadsReady: true,
  defineSlot(adUnitPath: string, size: SizeArray | SizeArray[], elementId: string): Slot | null {
    if (slots.some((slot) => slot.getSlotElementId() === elementId)) return null;
    const sizes = (Array.isArray(size[0]) ? size : [size]) as SizeArray[];
    const slot = new Slot(adUnitPath, sizes, elementId);
    slots.push(slot);
    return slot;
  },
  pubads: () => pubads,
  enableServices() {
    servicesEnabled = true;
  },
  display(target: string | Slot) {
    const slot = typeof target === 'string' ? slots.find((s) => s.getSlotElementId() === target) : target;
    if (!slot || displayed.has(slot) || !servicesEnabled) return;
    displayed.add(slot);
    if (initialLoad) render(slot);
  },
  destroySlots(which?: Slot[]) {
    for (const slot of which ?? [...slots]) {
      slots.splice(slots.indexOf(slot), 1);
      displayed.delete(slot);
    }
    return true;
  },
});

// Run what the page queued before the library loaded, then make cmd.push run at once.
const queued = Array.isArray(googletag.cmd) ? googletag.cmd : [];
googletag.cmd = {
  push(...fns: Array<() => void>) {
    for (const fn of fns) {
      try {
        fn();
      } catch (error) {
        console.error(error);
      }
    }
    return 0;
  },
};
(window as unknown as { googletag: typeof googletag }).googletag = googletag;
googletag.cmd.push(...queued);
