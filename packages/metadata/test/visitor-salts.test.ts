// The shared visitor-hash salts on every dialect: the first salt stored for a day wins for every later caller (so two
// processes agree), and days before the kept window are deleted.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedSalts } from '../src/visitor-salts/visitor-salts.repository.ts';
import { describeEachDialect, openTestStore, type TestStore } from './test-store.ts';

describeEachDialect('visitor salts', (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(dialect);
  });
  afterAll(() => store.dispose());

  it('keeps the first salt drawn for a day, whoever asks after, and forgets days before the window', async () => {
    const days = ['2026-11-23', '2026-11-24', '2026-11-25'];
    const first = await sharedSalts(store.db, days, () => `first-${Math.random()}`, days[0]!);
    expect([...first.keys()].sort()).toEqual(days);
    // Another process, drawing its own salts: it gets the stored ones.
    const second = await sharedSalts(store.db, days, () => 'second', days[0]!);
    expect(second).toEqual(first);
    // A day later: the 23rd is past the window and goes, the 26th is new.
    const later = await sharedSalts(store.db, days.slice(1).concat('2026-11-26'), () => 'later', '2026-11-24');
    expect(later.get('2026-11-24')).toBe(first.get('2026-11-24'));
    expect(later.get('2026-11-26')).toBe('later');
    const kept = await store.db.selectFrom('visitor_salts').select('day').orderBy('day').execute();
    expect(kept.map((row) => row.day)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
  });
});
