// The website detail's Pages tab: 'Refresh Pages', a debounced search on title or url_path, 'Sort by' with an order
// toggle that resets to ascending when the field changes (the column headers sort too), rows linking to page
// analytics, paging controls and both empty states. Search, sort and paging run on the server, a slice at a time,
// so a website with 100,000 pages loads as fast as one with ten.
import { PAGE_LIST_DEFAULT_LIMIT, type PageSort, type SortOrder, type WebsiteWithPages } from '@foldline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { Table, TableBody, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useVerifyInstallation } from '../api/analytics-verify-installation.ts';
import { websiteQueryKey } from '../api/get-website.ts';
import { useWebsitePages } from '../api/get-website-pages.ts';
import { VerificationResult } from './installation-panel.tsx';

const SORT_OPTIONS: { value: PageSort; label: string }[] = [
  { value: 'title', label: 'Page Name' },
  { value: 'url_path', label: 'URL Path' },
  { value: 'last_activity', label: 'Last Activity' },
  { value: 'status', label: 'Status' },
];
/** The table's columns, in the order a row shows them, each sorting by its own field; the name and the path share
 * what the set widths leave and truncate (the whole value on hover). */
const COLUMNS: { field: PageSort; label: string; width: string }[] = [
  { field: 'title', label: 'Page Name', width: '' },
  { field: 'url_path', label: 'URL Path', width: '' },
  { field: 'status', label: 'Status', width: 'w-28' },
  { field: 'last_activity', label: 'Last Activity', width: 'w-36' },
];
const PAGE_SIZE = PAGE_LIST_DEFAULT_LIMIT;
/** Long enough to span a word typed at an ordinary pace: one request per pause, not per key. */
const SEARCH_DELAY_MS = 300;

export function PagesTab({ website }: { website: WebsiteWithPages }) {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const [field, setField] = useState<PageSort>('url_path');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [pageIndex, setPageIndex] = useState(0);
  // A new search starts again from its first page (set while rendering, so no request goes out for the old offset).
  const [searchedFor, setSearchedFor] = useState(search);
  if (search !== searchedFor) {
    setSearchedFor(search);
    setPageIndex(0);
  }
  const pages = useWebsitePages(website.website_id, {
    ...(search ? { search } : {}),
    sort: field,
    order,
    limit: PAGE_SIZE,
    offset: pageIndex * PAGE_SIZE,
  });
  const verify = useVerifyInstallation(website.website_id);

  const total = pages.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Pages went away (data cleared in another tab) while a later page was open: show the last one there is.
  if (pages.data && !pages.isPlaceholderData && pageIndex >= pageCount) setPageIndex(pageCount - 1);

  const sortBy = (next: PageSort) => {
    setField(next);
    setOrder('asc');
    setPageIndex(0);
  };
  const toggleOrder = () => {
    setOrder((current) => (current === 'asc' ? 'desc' : 'asc'));
    setPageIndex(0);
  };
  const clearSearch = () => setSearchText('');
  const refresh = async () => {
    setRefreshing(true);
    try {
      // The website's key covers its pages' queries too.
      await queryClient.refetchQueries({ queryKey: websiteQueryKey(website.website_id) });
    } finally {
      setRefreshing(false);
    }
  };

  const body = () => {
    if (pages.isPending) return <LoadingState text="Loading pages..." />;
    if (pages.isError && !pages.data) return <Alert variant="error">Failed to load pages: {pages.error.message}</Alert>;
    // Neither pages nor a search that could explain their absence: nothing has been tracked yet.
    if (total === 0 && !search && !searchText) {
      return (
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
      );
    }
    const updating = pages.isFetching && pages.isPlaceholderData;
    return (
      <div className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField
            label="Search pages"
            hideLabel
            type="search"
            placeholder="Search pages..."
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            maxLength={200}
            className="flex-1"
          />
          <Select<PageSort> label="Sort by" options={SORT_OPTIONS} value={field} onChange={sortBy} className="sm:w-48" />
          {/* Shows the current order; a click flips it. */}
          <Button variant="secondary" onClick={toggleOrder} title="Toggle sort order">
            <span aria-hidden="true">{order === 'asc' ? '↑' : '↓'}</span> {order === 'asc' ? 'Ascending' : 'Descending'}
          </Button>
        </div>
        {pages.isError && <Alert variant="error">Failed to load pages: {pages.error.message}</Alert>}
        {total === 0 ? (
          <EmptyState
            title="No matching pages"
            description={`No pages match "${search || searchText.trim()}".`}
            action={
              <Button variant="secondary" onClick={clearSearch}>
                Clear Search
              </Button>
            }
          />
        ) : (
          <>
            {/* On phones each row is a card and the header row is for screen readers: 'Sort by' and the toggle sort there. */}
            <Table caption="Pages" fixed dense cards tableClassName="md:min-w-[40rem]" className={updating ? 'opacity-60 transition-opacity' : ''}>
              <TableHead>
                {COLUMNS.map((column) => (
                  <Th key={column.field} className={column.width} aria-sort={field === column.field ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
                    <button
                      type="button"
                      onClick={() => (column.field === field ? toggleOrder() : sortBy(column.field))}
                      className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                    >
                      {column.label}
                      <span aria-hidden="true">{field === column.field ? (order === 'asc' ? '▲' : '▼') : ''}</span>
                    </button>
                  </Th>
                ))}
              </TableHead>
              <TableBody>
                {pages.data.pages.map((page) => (
                  <tr key={page.page_id} className="hover:bg-slate-50">
                    <Td className="truncate" title={page.title || page.url_path}>
                      <Link to={`/dashboard/pages/${page.page_id}`} className="font-medium text-indigo-700 hover:text-indigo-900">
                        {page.title || page.url_path}
                      </Link>
                    </Td>
                    <Td className="truncate font-mono text-xs" label="URL Path" title={page.url_path}>
                      {page.url_path}
                    </Td>
                    <Td label="Status">
                      <StatusBadge status={page.status} />
                    </Td>
                    {/* Last activity falls back to the created date, as the sort does. */}
                    <Td className="tabular-nums" label="Last Activity">
                      {formatDate(page.last_activity ?? page.created_at)}
                    </Td>
                  </tr>
                ))}
              </TableBody>
            </Table>
            <Pager
              offset={pages.data.offset}
              shown={pages.data.pages.length}
              total={total}
              pageSize={PAGE_SIZE}
              noun={['page', 'pages']}
              onOffset={(offset) => setPageIndex(offset / PAGE_SIZE)}
              updating={updating}
            />
          </>
        )}
      </div>
    );
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
      {body()}
    </Card>
  );
}
