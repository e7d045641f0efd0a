// Browser script: the publisher's own ad setup, as a real site writes it inline — slots hidden at this width are
// removed (so neither GPT nor a tracker sees them), the others are defined and displayed.
const isShown = (element: Element) => element.getClientRects().length > 0;

const gptSlots = [...document.querySelectorAll<HTMLElement>('div[id^="div-gpt-ad"]')];
const adsenseSlots = [...document.querySelectorAll<HTMLElement>('ins.adsbygoogle')];
for (const element of [...gptSlots, ...adsenseSlots]) if (!isShown(element)) element.closest('.ad')?.remove();

interface QueueingGoogletag {
  cmd: { push(fn: () => void): unknown };
  defineSlot(path: string, size: [number, number], id: string): { addService(service: unknown): unknown } | null;
  pubads(): unknown;
  enableServices(): void;
  display(id: string): void;
}

const shownGpt = gptSlots.filter((element) => element.isConnected);
const tag = (window as unknown as { googletag: QueueingGoogletag }).googletag;
tag.cmd.push(() => {
  for (const element of shownGpt) {
    const [w, h] = (element.dataset.size ?? '300x250').split('x').map(Number) as [number, number];
    tag.defineSlot(element.dataset.unit ?? '', [w, h], element.id)?.addService(tag.pubads());
  }
  tag.enableServices();
  for (const element of shownGpt) tag.display(element.id);
});

const win = window as unknown as { adsbygoogle?: Array<object> | { push(item: object): void } };
const queue = (win.adsbygoogle = win.adsbygoogle ?? []);
for (const element of adsenseSlots) if (element.isConnected) queue.push({});
