// Browser script: the publisher's own ad setup, as a real site writes it inline — slots hidden at this width are
// removed (so neither GPT nor a tracker sees them), the others are defined and displayed; on a page that loads
// Prebid.js, GPT fetches them after Prebid's auction (header-bidding.ts). Slots marked data-refresh are refreshed on a
// timer.
import { PREBID_PATH, refreshWithHeaderBids, requestHeaderBids, type HeaderBiddingUnit } from './header-bidding.ts';

const isShown = (element: Element) => element.getClientRects().length > 0;

const gptSlots = [...document.querySelectorAll<HTMLElement>('div[id^="div-gpt-ad"]')];
const adsenseSlots = [...document.querySelectorAll<HTMLElement>('ins.adsbygoogle')];
for (const element of [...gptSlots, ...adsenseSlots]) if (!isShown(element)) element.closest('.ad')?.remove();

interface GptSlot {
  addService(service: unknown): unknown;
}

interface QueueingGoogletag {
  cmd: { push(fn: () => void): unknown };
  defineSlot(path: string, size: [number, number], id: string): GptSlot | null;
  pubads(): {
    disableInitialLoad(): void;
    refresh(slots?: GptSlot[]): void;
    addEventListener(type: 'slotRenderEnded', listener: (event: { slot: GptSlot }) => void): void;
  };
  enableServices(): void;
  display(id: string): void;
}

const units: HeaderBiddingUnit[] = gptSlots
  .filter((element) => element.isConnected)
  .map((element) => ({ code: element.id, size: (element.dataset.size ?? '300x250').split('x').map(Number) as [number, number] }));
const headerBidding = document.querySelector(`script[src="${PREBID_PATH}"]`) !== null;
const tag = (window as unknown as { googletag: QueueingGoogletag }).googletag;

/** Refreshes a slot every `seconds` from its first render on, whether it is in view or not (a common bad practice,
 * which the ad experience figures show as refreshes never in view); with header bidding each refresh bids anew. */
function refreshOnTimer(slot: GptSlot, code: string, seconds: number): void {
  let started = false;
  tag.pubads().addEventListener('slotRenderEnded', (event) => {
    if (event.slot !== slot || started) return;
    started = true;
    window.setInterval(() => (headerBidding ? refreshWithHeaderBids(tag, slot, code) : tag.pubads().refresh([slot])), seconds * 1000);
  });
}

tag.cmd.push(() => {
  for (const { code, size } of units) {
    const element = document.getElementById(code);
    const slot = tag.defineSlot(element?.dataset.unit ?? '', size, code);
    slot?.addService(tag.pubads());
    const seconds = Number(element?.dataset.refresh);
    if (slot && seconds > 0) refreshOnTimer(slot, code, seconds);
  }
  // With header bidding, display() only places the slots: the ads are fetched once Prebid's bids are in.
  if (headerBidding) tag.pubads().disableInitialLoad();
  tag.enableServices();
  for (const { code } of units) tag.display(code);
});
if (headerBidding && units.length > 0) {
  // The auction starts once the document is parsed: the deferred scripts (an analytics tag like Foldline's, which
  // listens to Prebid's events) have run by then, as a site loads its analytics before it bids.
  const start = () => requestHeaderBids(tag, units);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}

const win = window as unknown as { adsbygoogle?: Array<object> | { push(item: object): void } };
const queue = (win.adsbygoogle = win.adsbygoogle ?? []);
for (const element of adsenseSlots) if (element.isConnected) queue.push({});
