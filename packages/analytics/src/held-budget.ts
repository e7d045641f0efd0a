// What a process holds per website in memory (the ad experience's kept rows, the imported revenue's spread rows) is
// held per event store in a map whose order is the order of use, within one budget of rows for all websites together:
// the least recently used are let go first.

/** The entry of `key`, moved to the end as the most recently used; undefined when absent. */
export function touched<V>(entries: Map<string, V>, key: string): V | undefined {
  const entry = entries.get(key);
  if (entry === undefined) return undefined;
  entries.delete(key);
  entries.set(key, entry);
  return entry;
}

/** Lets go of the least recently used entries' rows (`letGo`) until all hold at most `max`; never those of `keep`, just
 * read for a look. */
export function withinBudget<V>(entries: Map<string, V>, rowsOf: (entry: V) => number, max: number, keep: string, letGo: (key: string, entry: V) => void): void {
  let total = 0;
  for (const entry of entries.values()) total += rowsOf(entry);
  for (const [key, entry] of [...entries]) {
    if (total <= max) break;
    if (key === keep) continue;
    total -= rowsOf(entry);
    letGo(key, entry);
  }
}
