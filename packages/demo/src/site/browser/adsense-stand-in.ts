// Browser script: a local stand-in for AdSense (adsbygoogle.js). Each push fills the next <ins class="adsbygoogle">
// with a local creative and sets data-ad-status to "filled" or "unfilled", as AdSense does.
import { creativeFor, fillRate, renderDelayMs } from './ad-server.ts';

function fill(ins: HTMLElement): void {
  ins.setAttribute('data-adsbygoogle-status', 'done');
  const w = Number.parseInt(ins.style.width, 10) || ins.offsetWidth;
  const h = Number.parseInt(ins.style.height, 10) || ins.offsetHeight;
  window.setTimeout(() => {
    if (Math.random() >= fillRate(ins, 'adsense')) {
      ins.setAttribute('data-ad-status', 'unfilled');
      return;
    }
    const creative = creativeFor([w, h]);
    const frame = document.createElement('iframe');
    frame.src = creative.frameUrl;
    frame.width = String(w);
    frame.height = String(h);
    frame.title = 'Advertisement';
    frame.setAttribute('scrolling', 'no');
    frame.style.border = '0';
    ins.appendChild(frame);
    ins.setAttribute('data-ad-status', 'filled');
  }, renderDelayMs());
}

function fillNext(): void {
  const ins = document.querySelector<HTMLElement>('ins.adsbygoogle:not([data-adsbygoogle-status])');
  if (ins) fill(ins);
}

const win = window as unknown as { adsbygoogle?: unknown[] | { push(item: unknown): void } };
const queued = Array.isArray(win.adsbygoogle) ? win.adsbygoogle : [];
win.adsbygoogle = {
  push() {
    fillNext();
  },
};
for (let i = 0; i < queued.length; i++) fillNext();
