// Per-website memory held within one budget (src/held-budget.ts): use moves an entry last, and the least recently used
// let go first, never the one just read.
import { describe, expect, it } from 'vitest';
import { touched, withinBudget } from '../src/held-budget.ts';

describe('held budget', () => {
  it('lets go of the least recently used rows first, never those just read', () => {
    const entries = new Map([
      ['a', { rows: 40 }],
      ['b', { rows: 30 }],
      ['c', { rows: 50 }],
    ]);
    expect(touched(entries, 'a')).toEqual({ rows: 40 });
    expect(touched(entries, 'z')).toBeUndefined();
    expect([...entries.keys()]).toEqual(['b', 'c', 'a']);
    const letGo: string[] = [];
    withinBudget(entries, (entry) => entry.rows, 90, 'b', (key, entry) => {
      letGo.push(key);
      entry.rows = 0;
    });
    // b is the least recently used but was just read: c goes (120 → 70).
    expect(letGo).toEqual(['c']);
    withinBudget(entries, (entry) => entry.rows, 100, 'a', () => letGo.push('more'));
    expect(letGo).toEqual(['c']);
  });
});
