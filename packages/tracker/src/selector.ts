// A stable CSS selector of an element: its id when it looks hand-written, else the tag path with nth-of-type
// up to the nearest such id (at most six steps), so clicks map onto the element across visits and layouts.
export const selector = (el: Element | null): string => {
  const parts: string[] = [];
  for (; el && parts.length < 6; el = el.parentElement) {
    // Ids with long digit runs are usually generated per render and would not match next time.
    if (el.id && !/\d{3}/.test(el.id)) {
      parts.unshift(`#${CSS.escape(el.id)}`);
      break;
    }
    const tag = el.localName;
    let n = 1;
    for (let sib = el.previousElementSibling; sib; sib = sib.previousElementSibling) if (sib.localName == tag) n++;
    parts.unshift(n > 1 ? `${tag}:nth-of-type(${n})` : tag);
    if (tag == 'body') break;
  }
  return parts.join('>').slice(0, 1000);
};

/** Ad slots as the tracker finds them: GPT containers, AdSense <ins> elements, anything with a data-ad-slot. */
const AD_SELECTOR = 'div[id^="div-gpt-ad"],ins.adsbygoogle,[data-ad-slot]';

/** The page's ad slots, outermost only (an AdSense <ins> inside a GPT container is one slot). */
export const adSlots = (root: ParentNode): Element[] =>
  Array.from(root.querySelectorAll(AD_SELECTOR)).filter((el) => !(el.parentElement && el.parentElement.closest(AD_SELECTOR)));

/** What names an ad slot on its page across visits: its id, else its AdSense slot, else its selector. */
export const slotKey = (el: Element): string => el.id || el.getAttribute('data-ad-slot') || selector(el);
