// The website list's search (name and domain, case-insensitive) and status filter.
import type { Website, WebsiteStatus } from '@foldline/contracts';

export type StatusFilter = 'all' | WebsiteStatus;

export const STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export function filterWebsites<T extends Pick<Website, 'name' | 'domain' | 'status'>>(websites: readonly T[], search: string, status: StatusFilter): T[] {
  const needle = search.trim().toLowerCase();
  return websites.filter(
    (website) =>
      (status === 'all' || website.status === status) &&
      (!needle || website.name.toLowerCase().includes(needle) || website.domain.toLowerCase().includes(needle)),
  );
}
