// Unit tests of the website list's search and status filter.
import { describe, expect, it } from 'vitest';
import { filterWebsites } from './filter-websites.ts';

const sites = [
  { name: 'Cooking Blog', domain: 'recipes.example.com', status: 'active' as const },
  { name: 'Shop', domain: 'shop.example.org', status: 'inactive' as const },
  { name: 'News', domain: 'daily-news.io', status: 'active' as const },
];

describe('filterWebsites', () => {
  it('returns everything with no search and all statuses', () => {
    expect(filterWebsites(sites, '', 'all')).toEqual(sites);
  });

  it('matches name or domain, case-insensitively', () => {
    expect(filterWebsites(sites, 'blog', 'all').map((s) => s.name)).toEqual(['Cooking Blog']);
    expect(filterWebsites(sites, 'EXAMPLE', 'all').map((s) => s.name)).toEqual(['Cooking Blog', 'Shop']);
    expect(filterWebsites(sites, 'nothing', 'all')).toEqual([]);
  });

  it('filters by status and combines with the search', () => {
    expect(filterWebsites(sites, '', 'inactive').map((s) => s.name)).toEqual(['Shop']);
    expect(filterWebsites(sites, 'example', 'active').map((s) => s.name)).toEqual(['Cooking Blog']);
  });
});
