// /dashboard/websites — the user's websites with search, status filter and the loading, error and empty states.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { useWebsites } from '../api/get-websites.ts';
import { WebsiteStatusBadge } from '../components/website-status-badge.tsx';
import { filterWebsites, STATUS_FILTER_OPTIONS, type StatusFilter } from '../lib/filter-websites.ts';

const addButtonClass =
  'inline-flex items-center justify-center rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2';

export default function WebsitesListRoute() {
  const id = useId();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const websites = useWebsites();
  const filtering = search.trim() !== '' || status !== 'all';
  const rows = websites.data ? filterWebsites(websites.data.websites, search, status) : [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Websites</h1>
        <Link to="/dashboard/websites/new" className={addButtonClass}>
          Add Website
        </Link>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="flex-1">
          <label htmlFor={`${id}-search`} className="sr-only">
            Search websites
          </label>
          <input
            id={`${id}-search`}
            type="search"
            placeholder="Search websites"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500"
          />
        </div>
        <div>
          <label htmlFor={`${id}-status`} className="sr-only">
            Status
          </label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500 sm:w-48"
          >
            {STATUS_FILTER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {websites.isPending ? (
        <p role="status" className="py-12 text-center text-sm text-slate-600">
          Loading websites...
        </p>
      ) : websites.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          Failed to load websites: {websites.error.message}
        </p>
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <h2 className="text-sm font-semibold text-slate-900">No websites found</h2>
          <p className="mt-1 text-sm text-slate-600">
            {filtering ? "Try adjusting your search or filter to find what you're looking for." : 'Get started by adding a new website.'}
          </p>
          {!filtering && (
            <div className="mt-6">
              <Link to="/dashboard/websites/new" className={addButtonClass}>
                Add Website
              </Link>
            </div>
          )}
        </div>
      ) : (
        // Wide tables scroll sideways on small screens instead of squeezing their columns.
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50">
              <tr>
                {['Website', 'Domain', 'Status', 'Tracking Code', 'Created At', 'Actions'].map((column) => (
                  <th key={column} scope="col" className="whitespace-nowrap px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((website) => (
                <tr key={website.website_id}>
                  <td className="whitespace-nowrap px-4 py-3 font-medium text-slate-900">{website.name}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">{website.domain}</td>
                  <td className="whitespace-nowrap px-4 py-3">
                    <WebsiteStatusBadge status={website.status} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 font-mono text-xs text-slate-700">{website.tracking_code}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDate(website.created_at)}</td>
                  <td className="whitespace-nowrap px-4 py-3">
                    <div className="flex gap-4">
                      <Link to={`/dashboard/websites/${website.website_id}`} className="font-medium text-indigo-700 hover:text-indigo-900">
                        View<span className="sr-only"> {website.name}</span>
                      </Link>
                      <Link to={`/dashboard/websites/${website.website_id}/edit`} className="font-medium text-indigo-700 hover:text-indigo-900">
                        Edit<span className="sr-only"> {website.name}</span>
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
