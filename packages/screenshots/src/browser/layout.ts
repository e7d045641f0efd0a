// Runs inside the captured page (bundled by page-script.ts): scrolls through it so lazy content loads, and measures
// it — the document height and the box of every element under the tracker's own selector.
import { adSlots, selector, slotKey } from '@foldline/tracker/selector';

/** [x, y, width, height] in document pixels. */
export type Box = [number, number, number, number];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

export function documentHeight(): number {
  return Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0);
}

/** Width of the layout viewport: wider than the screen on a phone when the page sets no mobile viewport. */
export function layoutWidth(): number {
  return document.documentElement.clientWidth;
}

/** One viewport at a time down to the end (or maxHeight), then back to the top; within budgetMs whatever happens. */
export async function scrollThrough(maxHeight: number, pauseMs: number, budgetMs: number): Promise<void> {
  const deadline = Date.now() + budgetMs;
  const step = Math.max(200, window.innerHeight);
  // The height is read at every step: content that loads while scrolling makes the page longer.
  for (let y = step; y < Math.min(documentHeight(), maxHeight) && Date.now() < deadline; y += step) {
    window.scrollTo(0, y);
    await frame();
    await pause(pauseMs);
  }
  window.scrollTo(0, 0);
  await frame();
}

/** A bound on the map (document order, so the top of the page is kept): a few MB of sidecar at most. */
const MAX_ELEMENTS = 25_000;

/**
 * Every rendered element's box under its selector, in document order: when the tracker's selector names several
 * elements (it stops after six steps), the first one wins, as querySelector would pick it. Elements without a box
 * (display: none, head contents) cannot be clicked and are left out.
 */
export function elementMap(): Record<string, Box> {
  const boxes: Record<string, Box> = {};
  const dx = window.scrollX;
  const dy = window.scrollY;
  /** The element's box in document pixels, or undefined when it has none. */
  const boxOf = (el: Element): Box | undefined => {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) return undefined;
    return [Math.round(rect.left + dx), Math.round(rect.top + dy), Math.round(rect.width), Math.round(rect.height)];
  };
  let count = 0;
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const box = boxOf(el);
    if (!box) continue;
    const key = selector(el);
    if (key in boxes) continue;
    if (++count > MAX_ELEMENTS) break;
    boxes[key] = box;
  }
  // Ad slots also under `slot:` and the key the tracker names them by, as the recommendations look units up (their
  // stored selector can differ from the rendering's when the page differs between visits).
  for (const el of adSlots(document)) {
    const key = `slot:${slotKey(el)}`;
    const box = boxOf(el);
    if (box && !(key in boxes)) boxes[key] = box;
  }
  return boxes;
}
