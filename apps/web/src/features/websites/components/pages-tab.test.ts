// The Pages tab's search and sort: case-insensitive match on title or url_path; last activity falls back to creation.
import type { Page } from '@foldline/contracts';
import { describe, expect, it } from 'vitest';
import { filterAndSortPages } from './pages-tab.tsx';

const page = (title: string, url_path: string, status: 'active' | 'inactive', created_at: string, last_activity: string | null): Page => ({
  page_id: url_path,
  website_id: 'w',
  title,
  url_path,
  status,
  created_at,
  last_activity,
});

const pages = [
  page('Zebra facts', '/animals/zebra', 'active', '2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'),
  page('About us', '/about', 'inactive', '2026-02-01T00:00:00.000Z', null),
  page('Home', '/', 'active', '2026-01-15T00:00:00.000Z', '2026-01-20T00:00:00.000Z'),
];
const paths = (rows: Page[]) => rows.map((p) => p.url_path);

describe('filterAndSortPages', () => {
  it('sorts by url path ascending, and descending when asked', () => {
    expect(paths(filterAndSortPages(pages, '', 'url_path', true))).toEqual(['/', '/about', '/animals/zebra']);
    expect(paths(filterAndSortPages(pages, '', 'url_path', false))).toEqual(['/animals/zebra', '/about', '/']);
  });

  it('sorts by name, status and last activity (falling back to the created date)', () => {
    expect(paths(filterAndSortPages(pages, '', 'title', true))).toEqual(['/about', '/', '/animals/zebra']);
    expect(paths(filterAndSortPages(pages, '', 'status', true))).toEqual(['/animals/zebra', '/', '/about']);
    expect(paths(filterAndSortPages(pages, '', 'last_activity', true))).toEqual(['/', '/about', '/animals/zebra']);
  });

  it('matches the search on title or url path, whatever the case', () => {
    expect(paths(filterAndSortPages(pages, 'ZEBRA', 'url_path', true))).toEqual(['/animals/zebra']);
    expect(paths(filterAndSortPages(pages, 'abou', 'url_path', true))).toEqual(['/about']);
    expect(filterAndSortPages(pages, 'nothing like it', 'url_path', true)).toEqual([]);
  });
});
