// The pages with the most sessions in a window, without counting the distinct sessions of every page.
//
// Sessions are distinct per page, so they come from the raw pageviews and cost a hash set as large as the window's
// traffic: at 100 million events a year of every website's pages took 350 ms, 190 of them in that count. But a page
// has at most as many sessions as pageviews, and pageviews are additive, read from the rollups in a few milliseconds.
// So pages are taken in order of pageviews, in growing batches, and their sessions counted, until the next page's
// pageviews cannot reach the last place: the answer is exactly the one counting every page would give.

/** A page's pageviews in the window: the most sessions it can have. */
export interface PageviewCount {
  pageId: string;
  pageviews: number;
}

export interface PageSessions {
  pageId: string;
  sessions: number;
}

/** Pages counted in the first batch, at least: on most sites a few more than the limit settle the ranking at once. */
const FIRST_BATCH = 20;

/** The order of the ranking: more sessions first, then page id, so a tie never depends on the engine. */
export function bySessions(a: PageSessions, b: PageSessions): number {
  return b.sessions - a.sessions || (a.pageId < b.pageId ? -1 : a.pageId > b.pageId ? 1 : 0);
}

/**
 * The `limit` pages with the most sessions (none with 0), in ranking order. `pageviews` must hold every page that has
 * a pageview in the window, with at least as many pageviews as it has sessions; `known` are pages whose sessions were
 * counted already (a guess at the first batch, read with other figures), `countSessions` counts the sessions of the
 * pages it is given (pages without any may be left out of its answer).
 */
export async function topPagesBySessions(
  pageviews: readonly PageviewCount[],
  limit: number,
  countSessions: (pageIds: readonly string[]) => Promise<readonly PageSessions[]>,
  known: readonly PageSessions[] = [],
): Promise<PageSessions[]> {
  const counted = known.filter((page) => page.sessions > 0).sort(bySessions);
  const knownIds = new Set(known.map((page) => page.pageId));
  const candidates = pageviews.filter((page) => page.pageviews > 0 && !knownIds.has(page.pageId)).sort((a, b) => b.pageviews - a.pageviews);
  let next = 0;
  let batch = Math.max(FIRST_BATCH, 2 * limit);
  while (next < candidates.length) {
    // A page not yet counted has at most its pageviews in sessions: if that is below the last place, so is every
    // later one (they have fewer pageviews still). Equal could still take the place on the page id, so it is counted.
    const last = counted[limit - 1];
    if (last && candidates[next]!.pageviews < last.sessions) break;
    const pageIds = candidates.slice(next, next + batch).map((page) => page.pageId);
    next += pageIds.length;
    batch *= 2;
    counted.push(...(await countSessions(pageIds)).filter((page) => page.sessions > 0));
    counted.sort(bySessions);
  }
  return counted.slice(0, limit);
}

/** The pages a first batch counts: the most pageviews first (of `pageviews`, which may be a guess at the window's). */
export function firstBatch(pageviews: readonly PageviewCount[], limit: number): string[] {
  return [...pageviews]
    .filter((page) => page.pageviews > 0)
    .sort((a, b) => b.pageviews - a.pageviews)
    .slice(0, Math.max(FIRST_BATCH, 2 * limit))
    .map((page) => page.pageId);
}
