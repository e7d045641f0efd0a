// Statements read as one (src/together.ts): each statement's rows exactly as a read of its own gives them, whatever
// their types, with parameters of the same name kept apart.
import type { EventStore } from '@foldline/event-store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestStore, describeEachEngine, type TestStore } from '../../event-store/test/support/test-stores.ts';
import { queryTogether, type Statement } from '../src/together.ts';

/** Values of the types the reports read: 64-bit sums, floats, text that needs escaping, arrays, a sumMap, times. */
const TYPED = `SELECT number AS n, toUInt64(number) * 4000000000 AS big, number / 3 AS ratio, {label:String} AS label,
  [number, number + 1] AS list, sumMap([toUInt32(number % 2)], [toUInt64(1)]) AS histogram,
  toDateTime('2026-11-20 10:00:00', 'UTC') + number AS at, toDate('2026-11-20') AS day
  FROM numbers({count:UInt32}) GROUP BY number ORDER BY number`;

describeEachEngine('statements read together', (engine) => {
  let test: TestStore;
  let events: EventStore;
  beforeAll(async () => {
    test = await createTestStore(engine, { migrate: false });
    events = test.store;
  });
  afterAll(() => test.close());

  const sorted = (rows: Record<string, unknown>[]) => rows.map((row) => JSON.stringify(row)).sort();

  it("gives each statement the rows its own read gives, its parameters apart from the others' of the same name", async () => {
    const statements: Statement[] = [
      { sql: TYPED, params: { count: 3, label: 'a "quoted"\nline, ünïcode' } },
      { sql: TYPED, params: { count: 5, label: "it's" } },
      { sql: 'SELECT {count:UInt32} AS only', params: { count: 7 } },
    ];
    const alone = await Promise.all(statements.map(({ sql, params }) => events.query<Record<string, unknown>>(sql, params)));
    const together = await queryTogether(events, statements, { readonly: true });
    expect(together.map(sorted)).toEqual(alone.map(sorted));
    expect(together.map((rows) => rows.length)).toEqual([3, 5, 1]);
    expect(together[0]![0]).toMatchObject({ label: 'a "quoted"\nline, ünïcode' });
  });

  it('gives a statement without rows none, and reads a single statement as it is', async () => {
    const none = { sql: 'SELECT number FROM numbers(3) WHERE number > {above:UInt32}', params: { above: 5 } };
    const some = { sql: 'SELECT number FROM numbers(3) WHERE number > {above:UInt32}', params: { above: 0 } };
    expect((await queryTogether(events, [none, some])).map((rows) => rows.length)).toEqual([0, 2]);
    expect(await queryTogether(events, [some])).toEqual([[{ number: 1 }, { number: 2 }]]);
    expect(await queryTogether(events, [])).toEqual([]);
  });
});
