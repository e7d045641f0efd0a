// The layouts (element maps, labels, outline: a capture without its image) kept in memory, the least recently used
// going first. Bounded by entries and by what they hold: a long page's map runs to 25,000 elements (browser/layout.ts),
// a few MB once parsed, so a bound by count alone let 100 huge pages keep about 1 GB (issue 22: RSS went from 495 to
// 980 MB after 19 pages of 60,000–200,000 elements). What falls out is still on disk (capture-cache.ts).
import type { PageCapture } from './capture.ts';

export type KeptLayout = Omit<PageCapture, 'image'>;

export interface LayoutMemoryLimits {
  /** Layouts kept at most. */
  maxLayouts: number;
  /** Element boxes and labels kept at most, all layouts together (the newest layout is kept whatever its size). */
  maxEntries: number;
}

export interface LayoutMemory {
  get(key: string): KeptLayout | undefined;
  /** Keeps a page's newest layout, as the most recently used. */
  set(key: string, layout: KeptLayout): void;
  /** How many layouts and entries are kept (tests). */
  readonly size: { layouts: number; entries: number };
}

/** A layout's weight: its element boxes and its labels. */
export function entriesOf(layout: KeptLayout): number {
  return Object.keys(layout.elements).length + Object.keys(layout.labels ?? {}).length;
}

export function createLayoutMemory(limits: LayoutMemoryLimits): LayoutMemory {
  const layouts = new Map<string, { layout: KeptLayout; entries: number }>();
  let entries = 0;
  const drop = (key: string) => {
    const kept = layouts.get(key);
    if (!kept) return;
    layouts.delete(key);
    entries -= kept.entries;
  };
  return {
    get(key) {
      const kept = layouts.get(key);
      if (!kept) return undefined;
      // Used again: the most recent now.
      layouts.delete(key);
      layouts.set(key, kept);
      return kept.layout;
    },
    set(key, layout) {
      drop(key);
      const weight = entriesOf(layout);
      layouts.set(key, { layout, entries: weight });
      entries += weight;
      while (layouts.size > 1 && (layouts.size > limits.maxLayouts || entries > limits.maxEntries)) drop(layouts.keys().next().value as string);
    },
    get size() {
      return { layouts: layouts.size, entries };
    },
  };
}
