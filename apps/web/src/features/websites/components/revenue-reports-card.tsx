// Settings tab, 'Revenue reports': import the CSV an ad server exports (Google Ad Manager or AdSense, by date and ad
// unit), see what was read (source, days, rows, matched units, currency, the exchange rates it carried) and which of
// the report's units matched none of the website's, and what is stored so far per source; or give the report's address
// for a daily fetch, and see how the last fetch went.
import {
  REVENUE_IMPORT_MAX_BYTES,
  REVENUE_SOURCE_NAMES,
  revenueFetchInputSchema,
  type RevenueFetch,
  type RevenueImportResponse,
  type RevenueSource,
  type UnmatchedRevenueUnit,
} from '@foldline/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { Table, TableBody, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useRevenueFetch } from '../api/get-revenue-fetch.ts';
import { useRevenueImports } from '../api/get-revenue-imports.ts';
import { useImportRevenueReport } from '../api/import-revenue-report.ts';
import { useSaveRevenueFetch } from '../api/save-revenue-fetch.ts';
import { importedRatesText } from '../lib/imported-rates-text.ts';

type SourceChoice = 'detect' | RevenueSource;
const SOURCE_OPTIONS: { value: SourceChoice; label: string }[] = [
  { value: 'detect', label: 'Detect from the columns' },
  { value: 'ad_manager', label: REVENUE_SOURCE_NAMES.ad_manager },
  { value: 'adsense', label: REVENUE_SOURCE_NAMES.adsense },
];
const FETCH_SOURCE_OPTIONS: { value: RevenueSource; label: string }[] = [
  { value: 'ad_manager', label: REVENUE_SOURCE_NAMES.ad_manager },
  { value: 'adsense', label: REVENUE_SOURCE_NAMES.adsense },
];
const IMPORT_FAILED = 'Failed to import the report';
const FETCH_SAVE_FAILED = 'Failed to save the daily fetch';
const LOAD_FAILED = 'Failed to load the imported revenue reports';
/** Unmatched units shown at once; a report may have thousands. */
const UNMATCHED_SHOWN = 50;

/** An amount in its currency ('$1,234.56', '€88.42'); an unknown code is written after the figure. */
function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A range of days that breaks between its days only, never inside one. */
function DayRange({ days }: { days: { from: string; to: string } }) {
  if (days.from === days.to) return <span className="whitespace-nowrap">{days.from}</span>;
  return (
    <>
      <span className="whitespace-nowrap">{days.from}</span> to <span className="whitespace-nowrap">{days.to}</span>
    </>
  );
}
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export function RevenueReportsCard({ websiteId }: { websiteId: string }) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<SourceChoice>('detect');
  const [currency, setCurrency] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [result, setResult] = useState<{ response: RevenueImportResponse; detected: boolean; fileName: string } | null>(null);
  const importReport = useImportRevenueReport(websiteId);
  const stored = useRevenueImports(websiteId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setResult(null);
    importReport.reset();
    if (file.size > REVENUE_IMPORT_MAX_BYTES) {
      setLocalError(`The file is ${megabytes(file.size)}; a report may be at most ${megabytes(REVENUE_IMPORT_MAX_BYTES)}. Export fewer days at once.`);
      return;
    }
    setLocalError(null);
    const chosen = source === 'detect' ? undefined : source;
    importReport.mutate(
      { file, source: chosen, currency: currency.trim() || undefined },
      { onSuccess: (response) => setResult({ response, detected: chosen === undefined, fileName: file.name }) },
    );
  };

  const error = localError ?? (importReport.isError ? errorMessage(importReport.error, IMPORT_FAILED) : null);

  return (
    <Card
      title="Revenue reports"
      description="Import the revenue report you export from Google Ad Manager or AdSense: a CSV by date and ad unit, with impressions and revenue. Importing the same days again replaces them."
    >
      <form onSubmit={submit} className="space-y-4" aria-label="Import a revenue report">
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
            Report file (CSV)
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
            aria-describedby={`${fileId}-hint`}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setLocalError(null);
            }}
            className="mt-1 block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100"
          />
          <p id={`${fileId}-hint`} className="mt-1 text-xs text-slate-500">
            At most 20 MB, 400 days and 5,000 ad units. Comma, semicolon or tab separated; a Total line is skipped.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label="Source" options={SOURCE_OPTIONS} value={source} onChange={setSource} />
          <TextField
            label="Currency"
            hint="Only for a report that names none, e.g. USD"
            value={currency}
            maxLength={3}
            autoComplete="off"
            onChange={(event) => setCurrency(event.target.value.toUpperCase())}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={!file || importReport.isPending} loading={importReport.isPending}>
            {importReport.isPending ? 'Importing...' : 'Import Report'}
          </Button>
        </div>
      </form>

      {error && (
        <Alert variant="error" title="The report was not imported" className="mt-4">
          {error}
        </Alert>
      )}
      {result && <ImportResult {...result} />}
      <DailyFetch websiteId={websiteId} />
      <StoredImports loading={stored.isPending} failed={stored.isError} data={stored.data} />
    </Card>
  );
}

function ImportResult({ response, detected, fileName }: { response: RevenueImportResponse; detected: boolean; fileName: string }) {
  const figures: Array<[string, ReactNode]> = [
    ['Source', `${REVENUE_SOURCE_NAMES[response.source]}${detected ? ' (detected)' : ''}`],
    ['Days', <DayRange days={response.days} />],
    ['Rows', formatNumber(response.rows)],
    ['Matched units', formatNumber(response.matchedUnits)],
    ['Currency', response.currency],
    ['Revenue', formatMoney(response.revenue, response.currency)],
  ];
  return (
    <div className="mt-6 space-y-4" data-testid="revenue-import-result">
      <Alert variant="success" title="Report imported">
        Stored from <span className="break-all">{fileName}</span>.
        {response.replaced > 0 && ' It replaced what an earlier import had for the same days.'}
      </Alert>
      {response.rates && (
        <p className="break-words text-sm text-slate-700" data-testid="revenue-import-rates">
          <span className="font-medium text-slate-900">Rates from the report:</span> {importedRatesText(response.rates)}. They convert its revenue where
          your own exchange rates name none.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="mt-0.5 break-words text-sm font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {response.unmatched.length > 0 ? (
        <UnmatchedUnits units={response.unmatched} />
      ) : (
        <p className="text-sm text-slate-600">Every ad unit of the report matched one of this website&apos;s.</p>
      )}
    </div>
  );
}

function UnmatchedUnits({ units }: { units: UnmatchedRevenueUnit[] }) {
  const shown = units.slice(0, UNMATCHED_SHOWN);
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium text-slate-900">Unmatched ad units ({formatNumber(units.length)})</h3>
      <p className="text-sm text-slate-600">
        These units of the report match no ad unit seen on this website, by ad unit path or AdSense slot. Their revenue is kept: import the
        report again once the unit has been seen on your pages.
      </p>
      <Table caption="Unmatched ad units" fixed dense cards tableClassName="md:min-w-[36rem]">
        <TableHead>
          <Th>Report unit</Th>
          <Th className="w-20">Days</Th>
          <Th className="w-32">Impressions</Th>
          <Th className="w-32">Revenue</Th>
        </TableHead>
        <TableBody>
          {shown.map((unit) => (
            <tr key={`${unit.source}\n${unit.unit}\n${unit.currency}`}>
              <Td className="truncate font-medium text-slate-900" title={unit.unit}>
                {unit.unit}
              </Td>
              <Td className="tabular-nums" label="Days">
                {formatNumber(unit.days)}
              </Td>
              <Td className="tabular-nums" label="Impressions">
                {formatNumber(unit.impressions)}
              </Td>
              <Td className="tabular-nums" label="Revenue">
                {formatMoney(unit.revenue, unit.currency)}
              </Td>
            </tr>
          ))}
        </TableBody>
      </Table>
      {units.length > shown.length && <p className="text-xs text-slate-500">And {formatNumber(units.length - shown.length)} more, with less revenue.</p>}
    </div>
  );
}

function StoredImports({ loading, failed, data }: { loading: boolean; failed: boolean; data: ReturnType<typeof useRevenueImports>['data'] }) {
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-medium text-slate-900">Imported so far</h3>
      {loading ? (
        <LoadingState text="Loading revenue reports..." className="py-4" />
      ) : failed || !data ? (
        <Alert variant="error" className="mt-2">
          {LOAD_FAILED}
        </Alert>
      ) : data.imports.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No revenue report imported yet.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {data.imports.map((entry) => (
            <li key={entry.source} className="text-sm text-slate-700">
              <span className="font-medium text-slate-900">{REVENUE_SOURCE_NAMES[entry.source]}</span>: <DayRange days={entry.days} /> ({formatNumber(entry.dayCount)}{' '}
              {entry.dayCount === 1 ? 'day' : 'days'}), {entry.revenue.map((part) => formatMoney(part.amount, part.currency)).join(' and ')},{' '}
              {formatNumber(entry.matchedUnits)} units matched, {formatNumber(entry.unmatchedUnits)} unmatched
              {entry.rates && <span className="block break-words text-xs text-slate-500">Rates from its reports: {importedRatesText(entry.rates)}</span>}
              <span className="block text-xs text-slate-500">Last imported {formatDateTime(entry.lastImportedAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

/** The report's address for a daily fetch, its source and on/off, and how the last fetch went. */
function DailyFetch({ websiteId }: { websiteId: string }) {
  const current = useRevenueFetch(websiteId);
  const saved = current.data?.fetch;
  return (
    <section className="mt-6 border-t border-slate-200 pt-4" aria-labelledby={`${websiteId}-fetch-title`}>
      <h3 id={`${websiteId}-fetch-title`} className="text-sm font-medium text-slate-900">
        Daily fetch
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Or give the address where your ad server&apos;s report is published (a scheduled export&apos;s link): Foldline fetches it once a day and imports it
        as an upload, its days replacing the same days.
      </p>
      {current.isPending ? (
        <LoadingState text="Loading the daily fetch..." className="py-4" />
      ) : current.isError ? (
        <Alert variant="error" className="mt-4">
          Failed to load the daily fetch
        </Alert>
      ) : (
        // Filled again from what is stored whenever that changes (after a save).
        <FetchForm key={saved ? `${saved.url}\n${saved.source}\n${saved.enabled}` : 'none'} websiteId={websiteId} saved={saved ?? null} />
      )}
      {saved && (
        <div data-testid="revenue-fetch-status">
          <FetchStatus fetch={saved} />
        </div>
      )}
    </section>
  );
}

/** Saved on, the report is fetched at once: the answer says how that went. */
function FetchForm({ websiteId, saved }: { websiteId: string; saved: RevenueFetch | null }) {
  const save = useSaveRevenueFetch(websiteId);
  const [url, setUrl] = useState(saved?.url ?? '');
  const [source, setSource] = useState<RevenueSource>(saved?.source ?? 'ad_manager');
  const [enabled, setEnabled] = useState(saved?.enabled ?? true);
  const [localError, setLocalError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    // The contract's own check, with its words; the server also refuses http:// and private addresses.
    const input = revenueFetchInputSchema.safeParse({ url, source, enabled });
    if (!input.success) return setLocalError(input.error.issues[0]?.message ?? FETCH_SAVE_FAILED);
    setLocalError(null);
    save.mutate(input.data);
  };
  const error = localError ?? (save.isError ? errorMessage(save.error, FETCH_SAVE_FAILED) : null);

  return (
    <>
      <form onSubmit={submit} noValidate className="mt-3 space-y-4" aria-label="Daily fetch of a revenue report">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
          <TextField
            label="Report address"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://reports.example.com/revenue.csv"
            hint="https:// only, at most 20 MB."
            className="min-w-0"
            value={url}
            aria-invalid={localError ? true : undefined}
            onChange={(event) => setUrl(event.target.value)}
          />
          <Select label="Ad server" options={FETCH_SOURCE_OPTIONS} value={source} onChange={setSource} />
        </div>
        <Checkbox label="Fetch it every day" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending || url.trim() === ''} loading={save.isPending}>
            {save.isPending ? 'Fetching...' : enabled ? 'Save and Fetch Now' : 'Save'}
          </Button>
        </div>
      </form>
      {error && (
        <Alert variant="error" title="The daily fetch was not saved" className="mt-4">
          {error}
        </Alert>
      )}
    </>
  );
}

/** "Last fetched 26/11/2026, 06:00:00 — 30 days, 12 units", or the last fetch's error; and when the next is due. */
function FetchStatus({ fetch }: { fetch: RevenueFetch }) {
  const last = fetch.last;
  const next = fetch.next && <span className="block text-xs text-slate-500">Next fetch around {formatDateTime(fetch.next)}</span>;
  if (!last) {
    return (
      <p className="mt-4 text-sm text-slate-600">
        {fetch.enabled ? 'Not fetched yet.' : 'The daily fetch is off.'}
        {next}
      </p>
    );
  }
  if (!last.ok) {
    return (
      <Alert variant="error" title={`The last fetch failed (${formatDateTime(last.at)})`} className="mt-4">
        <span className="break-words">{last.error}</span>
        {next}
      </Alert>
    );
  }
  const units = last.units ?? 0;
  return (
    <p className="mt-4 text-sm text-slate-700">
      <span className="font-medium text-slate-900">Last fetched {formatDateTime(last.at)}</span> — {plural(last.dayCount ?? 0, 'day', 'days')}
      {last.days && (
        <>
          {' '}
          (<DayRange days={last.days} />)
        </>
      )}
      , {plural(units, 'unit', 'units')}
      {last.unmatchedUnits ? `, ${formatNumber(last.unmatchedUnits)} unmatched` : ''}
      {!fetch.enabled && <span className="block text-xs text-slate-500">The daily fetch is off.</span>}
      {next}
    </p>
  );
}
