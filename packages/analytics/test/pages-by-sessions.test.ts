// The top pages by sessions, counted for as few pages as the ranking needs: always the ranking of every page.
import { describe, expect, it } from 'vitest';
import { bySessions, firstBatch, topPagesBySessions, type PageSessions, type PageviewCount } from '../src/reports/pages-by-sessions.ts';

/** Pages with their pageviews and sessions (sessions ≤ pageviews), and a counter that says which pages it was asked. */
function site(pages: { pageviews: number; sessions: number }[]) {
  const all = pages.map((page, i) => ({ pageId: `page-${String(i).padStart(4, '0')}`, ...page }));
  const asked: string[][] = [];
  const countSessions = async (pageIds: readonly string[]) => {
    asked.push([...pageIds]);
    return all.filter((page) => pageIds.includes(page.pageId)).map(({ pageId, sessions }) => ({ pageId, sessions }));
  };
  const pageviews: PageviewCount[] = all.map(({ pageId, pageviews }) => ({ pageId, pageviews }));
  const everyPage = (limit: number): PageSessions[] =>
    all
      .filter((page) => page.sessions > 0)
      .map(({ pageId, sessions }) => ({ pageId, sessions }))
      .sort(bySessions)
      .slice(0, limit);
  return { pageviews, countSessions, asked, everyPage };
}

/** A long tail: page i has about 10,000 / (i + 1) pageviews, and a session views a page 1 to 1.5 times. */
function longTail(count: number) {
  let seed = 11;
  const random = () => ((seed = (seed * 48271) % 2147483647), seed / 2147483647);
  return Array.from({ length: count }, (_, i) => {
    const pageviews = Math.round(10_000 / (i + 1));
    return { pageviews, sessions: Math.round(pageviews / (1 + random() / 2)) };
  });
}

describe('top pages by sessions', () => {
  it('counts the sessions of a first batch only, when the rest have too few pageviews to reach the last place', async () => {
    const { pageviews, countSessions, asked, everyPage } = site(longTail(500));
    expect(await topPagesBySessions(pageviews, 10, countSessions)).toEqual(everyPage(10));
    expect(asked.map((batch) => batch.length)).toEqual([20]);
  });

  it('counts further batches, each twice the last, while a page not yet counted could still take a place', async () => {
    // Pageviews say little here: every page has 1,000, but sessions range from 1 to 1,000.
    const pages = Array.from({ length: 300 }, (_, i) => ({ pageviews: 1_000, sessions: 1 + ((i * 37) % 1_000) }));
    const { pageviews, countSessions, asked, everyPage } = site(pages);
    expect(await topPagesBySessions(pageviews, 5, countSessions)).toEqual(everyPage(5));
    expect(asked.map((batch) => batch.length)).toEqual([20, 40, 80, 160]);
  });

  it('counts a page whose pageviews equal the last place, since it could take the place on its page id', async () => {
    // Twenty pages of 150 pageviews and 100 sessions, then the first page by id, whose 100 pageviews are 100 sessions.
    const pages = [{ pageviews: 100, sessions: 100 }, ...Array.from({ length: 20 }, () => ({ pageviews: 150, sessions: 100 })), { pageviews: 99, sessions: 99 }];
    const { pageviews, countSessions, asked, everyPage } = site(pages);
    const ranked = await topPagesBySessions(pageviews, 10, countSessions);
    expect(ranked).toEqual(everyPage(10));
    expect(ranked[0]!.pageId).toBe('page-0000');
    expect(asked.map((batch) => batch.length)).toEqual([20, 2]);
  });

  it('ranks ties by page id, leaves out pages without sessions and pages without pageviews, and never asks twice', async () => {
    const { pageviews, countSessions, asked, everyPage } = site([
      { pageviews: 5, sessions: 3 },
      { pageviews: 9, sessions: 3 },
      { pageviews: 4, sessions: 0 },
      { pageviews: 0, sessions: 0 },
      { pageviews: 7, sessions: 7 },
    ]);
    const ranked = await topPagesBySessions(pageviews, 50, countSessions);
    expect(ranked).toEqual(everyPage(50));
    expect(ranked.map((page) => page.pageId)).toEqual(['page-0004', 'page-0000', 'page-0001']);
    expect(asked.flat().sort()).toEqual(['page-0000', 'page-0001', 'page-0002', 'page-0004']);
  });

  it('gives the same ranking as counting every page for every limit on a long tail', async () => {
    for (const limit of [1, 5, 10, 20, 50, 100]) {
      const { pageviews, countSessions, everyPage } = site(longTail(2_000));
      expect(await topPagesBySessions(pageviews, limit, countSessions)).toEqual(everyPage(limit));
    }
  });

  it('counts nothing more when the known pages (a guessed first batch) settle the ranking', async () => {
    const { pageviews, countSessions, asked, everyPage } = site(longTail(500));
    const guess = firstBatch(pageviews, 10);
    expect(guess).toHaveLength(20);
    const known = await countSessions(guess);
    asked.length = 0;
    expect(await topPagesBySessions(pageviews, 10, countSessions, known)).toEqual(everyPage(10));
    expect(asked).toEqual([]);
  });

  it('counts the pages a wrong guess left out, never a known page again, and ranks as counting every page', async () => {
    // The guess is the tail (pages 480-499, as kept days of another ranking might give): the head is counted after.
    const { pageviews, countSessions, asked, everyPage } = site(longTail(500));
    const guess = pageviews.slice(480).map((page) => page.pageId);
    const known = await countSessions(guess);
    asked.length = 0;
    expect(await topPagesBySessions(pageviews, 10, countSessions, known)).toEqual(everyPage(10));
    expect(asked.map((batch) => batch.length)).toEqual([20]);
    expect(asked.flat().some((pageId) => guess.includes(pageId))).toBe(false);
  });

  it('answers nothing for a site without pageviews, without counting', async () => {
    const { pageviews, countSessions, asked } = site([]);
    expect(await topPagesBySessions(pageviews, 10, countSessions)).toEqual([]);
    expect(asked).toEqual([]);
  });
});
