import { describe, expect, it } from 'vitest';
import { createLayoutMemory, type KeptLayout } from '../src/layout-memory.ts';

/** A layout of `elements` boxes and `labels` labels. */
function layout(elements: number, labels = 0): KeptLayout {
  return {
    contentType: 'image/jpeg',
    width: 1920,
    height: 1000,
    documentHeight: 1000,
    truncated: false,
    capturedAt: new Date(),
    elements: Object.fromEntries(Array.from({ length: elements }, (_, i) => [`div:nth-of-type(${i})`, [0, i, 10, 10] as const])),
    labels: Object.fromEntries(Array.from({ length: labels }, (_, i) => [`a:nth-of-type(${i})`, ['a', `Link ${i}`] as const])),
  };
}

describe('layout memory', () => {
  it('keeps at most its count of layouts, the least recently used going first', () => {
    const memory = createLayoutMemory({ maxLayouts: 2, maxEntries: 1_000_000 });
    memory.set('a', layout(1));
    memory.set('b', layout(1));
    expect(memory.get('a')).toBeDefined(); // a is now the most recent
    memory.set('c', layout(1));
    expect(memory.get('b')).toBeUndefined();
    expect(memory.get('a')).toBeDefined();
    expect(memory.get('c')).toBeDefined();
  });

  it('bounds what the layouts hold, element boxes and labels together: huge pages push out the older ones', () => {
    const memory = createLayoutMemory({ maxLayouts: 100, maxEntries: 60_000 });
    for (let i = 0; i < 10; i++) memory.set(`page ${i}`, layout(20_000, 5_000));
    // 25,000 entries each: two fit under 60,000, the third pushes the oldest out.
    expect(memory.size).toEqual({ layouts: 2, entries: 50_000 });
    expect(memory.get('page 9')).toBeDefined();
    expect(memory.get('page 8')).toBeDefined();
    expect(memory.get('page 7')).toBeUndefined();
  });

  it('keeps the newest layout whatever its size, and counts a replaced layout once', () => {
    const memory = createLayoutMemory({ maxLayouts: 100, maxEntries: 1_000 });
    memory.set('small', layout(10));
    memory.set('huge', layout(5_000));
    expect(memory.size).toEqual({ layouts: 1, entries: 5_000 });
    memory.set('huge', layout(100));
    memory.set('huge', layout(200));
    expect(memory.size).toEqual({ layouts: 1, entries: 200 });
  });
});
