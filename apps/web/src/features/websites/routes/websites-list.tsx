// /dashboard/websites — the user's websites with search, status filter and the loading, error and empty states.
import { Link } from 'react-router';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { Table, TableBody, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useWebsites } from '../api/get-websites.ts';
import { filterWebsites, STATUS_FILTER_OPTIONS, type StatusFilter } from '../lib/filter-websites.ts';

/** The columns and their widths at 1280 px: the name and the domain share the rest and truncate. */
const COLUMNS = [
  { name: 'Website', width: '' },
  { name: 'Domain', width: '' },
  { name: 'Status', width: 'w-24' },
  { name: 'Tracking Code', width: 'w-52' },
  { name: 'Created At', width: 'w-28' },
  { name: 'Actions', width: 'w-24' },
];
const linkClass = 'font-medium text-indigo-700 hover:text-indigo-900';

export default function WebsitesListRoute() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const websites = useWebsites();
  const filtering = search.trim() !== '' || status !== 'all';
  const rows = websites.data ? filterWebsites(websites.data.websites, search, status) : [];

  let body;
  if (websites.isPending) body = <LoadingState text="Loading websites..." />;
  else if (websites.isError) body = <Alert variant="error">Failed to load websites: {websites.error.message}</Alert>;
  else if (rows.length === 0)
    body = (
      <div className="rounded-lg bg-white ring-1 ring-slate-200">
        <EmptyState
          title="No websites found"
          description={filtering ? "Try adjusting your search or filter to find what you're looking for." : 'Get started by adding a new website.'}
          action={!filtering && <ButtonLink to="/dashboard/websites/new">Add Website</ButtonLink>}
        />
      </div>
    );
  else
    body = (
      <Table caption="Websites" fixed dense tableClassName="md:min-w-[46rem]" cards>
        <TableHead>
          {COLUMNS.map((column) => (
            <Th key={column.name} className={column.width}>
              {column.name}
            </Th>
          ))}
        </TableHead>
        <TableBody>
          {rows.map((website) => (
            <tr key={website.website_id}>
              <Td className="truncate font-medium text-slate-900" title={website.name}>
                {website.name}
              </Td>
              <Td className="truncate" label="Domain" title={website.domain}>
                {website.domain}
              </Td>
              <Td label="Status">
                <StatusBadge status={website.status} />
              </Td>
              <Td className="font-mono text-xs" label="Tracking Code">
                {website.tracking_code}
              </Td>
              <Td label="Created At">{formatDate(website.created_at)}</Td>
              <Td>
                <div className="flex gap-3">
                  {/* aria-label rather than a visually hidden span: absolutely positioned text escapes the table's scroll clip. */}
                  <Link to={`/dashboard/websites/${website.website_id}`} className={linkClass} aria-label={`View ${website.name}`}>
                    View
                  </Link>
                  <Link to={`/dashboard/websites/${website.website_id}/edit`} className={linkClass} aria-label={`Edit ${website.name}`}>
                    Edit
                  </Link>
                </div>
              </Td>
            </tr>
          ))}
        </TableBody>
      </Table>
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Websites</h1>
        <ButtonLink to="/dashboard/websites/new">Add Website</ButtonLink>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <TextField
          label="Search websites"
          hideLabel
          type="search"
          placeholder="Search websites"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="flex-1"
        />
        <Select<StatusFilter> label="Status" hideLabel options={STATUS_FILTER_OPTIONS} value={status} onChange={setStatus} className="sm:w-48" />
      </div>

      {body}
    </div>
  );
}
