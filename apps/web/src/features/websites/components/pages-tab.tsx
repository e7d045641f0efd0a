// The website detail's Pages tab: 'Refresh Pages', search on title or url_path, 'Sort by' with an order toggle
// that resets to ascending when the field changes, rows linking to page analytics, and both empty states.
import type { Page, WebsiteWithPages } from '@foldline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useVerifyInstallation } from '../api/analytics-verify-installation.ts';
import { websiteQueryKey } from '../api/get-website.ts';
import { VerificationResult } from './installation-panel.tsx';

type SortField = 'title' | 'url_path' | 'last_activity' | 'status';
const SORT_OPTIONS: { value: SortField; label: string }[] = [
  { value: 'title', label: 'Page Name' },
  { value: 'url_path', label: 'URL Path' },
  { value: 'last_activity', label: 'Last Activity' },
  { value: 'status', label: 'Status' },
];

/** Last activity falls back to the created date, for display and for sorting alike. */
const lastActivity = (page: Page) => page.last_activity ?? page.created_at;

export function filterAndSortPages(pages: readonly Page[], search: string, field: SortField, ascending: boolean): Page[] {
  const needle = search.trim().toLowerCase();
  const value = (page: Page) => (field === 'last_activity' ? lastActivity(page) : page[field]);
  return pages
    .filter((page) => !needle || page.title.toLowerCase().includes(needle) || page.url_path.toLowerCase().includes(needle))
    .sort((a, b) => value(a).localeCompare(value(b)) * (ascending ? 1 : -1));
}

export function PagesTab({ website }: { website: WebsiteWithPages }) {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [search, setSearch] = useState('');
  const [field, setField] = useState<SortField>('url_path');
  const [ascending, setAscending] = useState(true);
  const verify = useVerifyInstallation(website.website_id);
  const rows = filterAndSortPages(website.pages, search, field, ascending);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: websiteQueryKey(website.website_id) });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Card
      title="Pages"
      actions={
        <Button variant="secondary" size="sm" onClick={() => void refresh()} disabled={refreshing}>
          {refreshing ? 'Refreshing...' : 'Refresh Pages'}
        </Button>
      }
    >
      {website.pages.length === 0 ? (
        <>
          <EmptyState
            title="No pages detected"
            description="Pages appear here once the tracking code is installed and visitors view them. Check that the tracking code is in the head section of your pages."
            action={
              <Button onClick={() => verify.mutate()} disabled={verify.isPending}>
                {verify.isPending ? 'Verifying...' : 'Verify Tracking Installation'}
              </Button>
            }
          />
          <VerificationResult state={verify} />
        </>
      ) : (
        <div className="space-y-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <TextField label="Search pages" hideLabel type="search" placeholder="Search pages..." value={search} onChange={(event) => setSearch(event.target.value)} className="flex-1" />
            <Select<SortField>
              label="Sort by"
              options={SORT_OPTIONS}
              value={field}
              onChange={(next) => {
                setField(next);
                setAscending(true);
              }}
              className="sm:w-48"
            />
            {/* Shows the current order; a click flips it. */}
            <Button variant="secondary" onClick={() => setAscending((value) => !value)} title="Toggle sort order">
              <span aria-hidden="true">{ascending ? '↑' : '↓'}</span> {ascending ? 'Ascending' : 'Descending'}
            </Button>
          </div>
          {rows.length === 0 ? (
            <EmptyState title="No matching pages" description={`No pages match "${search.trim()}".`} action={<Button variant="secondary" onClick={() => setSearch('')}>Clear Search</Button>} />
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
              {rows.map((page) => (
                <li key={page.page_id}>
                  <Link to={`/dashboard/pages/${page.page_id}`} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 hover:bg-slate-50">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">{page.title || page.url_path}</p>
                      <p className="truncate text-sm text-slate-500">{page.url_path}</p>
                    </div>
                    <div className="flex items-center gap-4 text-sm text-slate-600">
                      <StatusBadge status={page.status} />
                      <span>{formatDate(lastActivity(page))}</span>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Card>
  );
}
