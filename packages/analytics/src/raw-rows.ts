// Counting in the process instead of the engine. On the embedded engine a statement's planning costs some 10–65 ms
// before it reads anything, growing with its groupings and aggregates, so a look over few raw rows is answered sooner
// by reading them in a plain statement and counting them here, by a function held equal to the statement in a test
// (reports/ad-days-raw.ts). Past a bound of rows, reading and counting them costs more than the statement: the look
// reads at most the bound (plus one, to know), and a scope found to have more is left to the engine for a while, since
// reading the bound in vain costs a look some 40 ms. Where reading is the cost, it does not pay: the engagement map's
// raw rows over a quarter of the bench's busiest page (11,680 viewport spans, 2,920 rests) took 52 ms to read against
// 51–62 ms for its statement, so the heatmaps read raw rows only for their open days, once their settled days are kept
// (heatmaps/open-rows.ts, kept-sums.ts).

/** How long a scope found to have too many rows is left to the engine. */
const TOO_MANY_MS = 10 * 60_000;
/** Scopes remembered per store at most (then forgotten together): a few bytes each. */
const MAX_TOO_MANY = 10_000;

/** The scopes (a caller's key, of its shape: website, page, device, the windows' length) found to have too many rows,
 * per event store (or other owner), until when. */
export function createTooMany(): { isKnown(owner: object, scope: string): boolean; note(owner: object, scope: string): void } {
  const known = new WeakMap<object, Map<string, number>>();
  return {
    isKnown: (owner, scope) => (known.get(owner)?.get(scope) ?? 0) > Date.now(),
    note: (owner, scope) => {
      let scopes = known.get(owner);
      if (!scopes) known.set(owner, (scopes = new Map()));
      if (scopes.size >= MAX_TOO_MANY) scopes.clear();
      scopes.set(scope, Date.now() + TOO_MANY_MS);
    },
  };
}

/** The windows' length in whole hours, for a scope's key: a first look over a whole window must not leave a later
 * look's few hours to the engine. */
export const hoursOf = (windows: readonly { start: Date; end: Date }[]) =>
  Math.round(windows.reduce((sum, window) => sum + window.end.getTime() - window.start.getTime(), 0) / 3_600_000);
