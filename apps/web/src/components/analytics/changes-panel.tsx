// The Changes panel of page analytics (the page's timeline) and of the website's Ad Units tab (issue 25): the ad-layout
// changes the tracker saw on the pages themselves — a unit moved, changed format, appeared or disappeared — latest
// first, each with the days compared, its figures before and after with their intervals and verdicts, and what an
// applied recommendation promised against what it delivered. Shared here because features never import each other;
// each screen fetches with its own hook and holds the window, so the window picked survives the panel's re-renders.
import { CHANGE_LOOKBACK_DAYS, type Change, type ChangesResponse, type DeviceFilter } from '@foldline/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Card } from '../ui/card.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { Select } from '../ui/select.tsx';
import { LoadingState, Spinner } from '../ui/spinner.tsx';
import { Table, TableBody, TableHead, Td, Th } from '../ui/table.tsx';
import {
  CHANGE_WINDOW_OPTIONS,
  KIND_LABELS,
  VERDICT_BADGES,
  appliedText,
  changeHeadline,
  estimateText,
  figureRows,
  formatChangeDay,
  outcomeText,
  windowsText,
} from './change-text.ts';
import { DEVICE_LABELS } from './recommendation-text.ts';

/** A website with many pages can have hundreds of changes in 90 days: this many at first, more on asking. */
const SHOWN_AT_FIRST = 10;
const WINDOW_OPTIONS = CHANGE_WINDOW_OPTIONS.map((days) => ({ value: String(days), label: `${days} days` }));

export interface ChangesPanelProps {
  changes: UseQueryResult<ChangesResponse>;
  /** 'website': each change names its page (with a link); 'page': the screen is the page's own. */
  scope: 'website' | 'page';
  /** Days compared on each side of a change, and its setter (the screen asks again with it). */
  window: number;
  onWindowChange: (days: number) => void;
  /** The device the changes are of, for the empty state's words ('all': every device). */
  device: DeviceFilter;
  /** A picture of the change beside it (page analytics: both places on the page's screenshot). */
  preview?: (change: Change) => ReactNode;
}

export function ChangesPanel({ changes, scope, window, onWindowChange, device, preview }: ChangesPanelProps) {
  const updating = changes.isFetching && changes.isPlaceholderData;
  return (
    <Card
      title="Changes"
      description={`Ad layout changes detected from the ${scope === 'website' ? 'pages themselves' : 'page itself'} in the last ${CHANGE_LOOKBACK_DAYS} days, with the figures before and after.`}
      actions={
        <div className="flex items-end gap-2">
          <Select label="Days compared on each side" options={WINDOW_OPTIONS} value={String(window)} onChange={(value) => onWindowChange(Number(value))} />
          {/* The previous window's figures stay shown until the new ones arrive; the spinner says they are on their way. */}
          {updating && (
            <span role="status" className="mb-2.5 inline-flex items-center gap-1 text-xs text-slate-500">
              <Spinner className="size-4 text-indigo-600" />
              Updating...
            </span>
          )}
        </div>
      }
    >
      {changes.isPending ? (
        <LoadingState text="Loading changes..." />
      ) : changes.isError ? (
        <Alert variant="error">Failed to load changes: {changes.error.message}</Alert>
      ) : changes.data.data.changes.length === 0 ? (
        <EmptyState
          title={`No ad layout changes detected in the last ${CHANGE_LOOKBACK_DAYS} days.`}
          description={`A unit that moves, changes format, appears or disappears${device === 'all' ? '' : ` on ${device}`} shows here once the new layout has held for most pageviews for two days.`}
        />
      ) : (
        <ChangeList changes={changes.data.data.changes} scope={scope} preview={preview} />
      )}
    </Card>
  );
}

function ChangeList({ changes, scope, preview }: { changes: readonly Change[]; scope: 'website' | 'page'; preview: ChangesPanelProps['preview'] }) {
  const [shown, setShown] = useState(SHOWN_AT_FIRST);
  return (
    <div className="space-y-2">
      {/* The server's order: the latest first, one page's changes of a day together. */}
      <ul className="divide-y divide-slate-100">
        {changes.slice(0, shown).map((change) => (
          <ChangeItem key={change.id} change={change} scope={scope} preview={preview} />
        ))}
      </ul>
      <p className="text-xs text-slate-500">
        In brackets, the 95 % interval. View rate: the share of pageviews with the unit in view for a second; viewability: the share of its impressions; ad value: viewable impressions weighted by their format's value (a viewable 300x250 = 1). Each side holds the same device and the same days of the week.
      </p>
      {changes.length > shown && (
        <button type="button" onClick={() => setShown(changes.length)} className="text-sm font-medium text-indigo-700 hover:text-indigo-900">
          Show all {changes.length} changes
        </button>
      )}
    </div>
  );
}

function ChangeItem({ change, scope, preview }: { change: Change; scope: 'website' | 'page'; preview: ChangesPanelProps['preview'] }) {
  const headline = changeHeadline(change);
  return (
    <li className="flex flex-col gap-4 py-4 first:pt-0 sm:flex-row" data-testid="change">
      {preview?.(change)}
      <div className="min-w-0 flex-1 space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="blue">{KIND_LABELS[change.kind]}</Badge>
          <Badge>{DEVICE_LABELS[change.device]}</Badge>
          {change.recommendation && <Badge tone="green">Recommended</Badge>}
        </div>
        <h3 className="break-words font-medium text-slate-900">{headline}</h3>
        <p className="text-sm text-slate-600">
          On <time dateTime={change.day}>{formatChangeDay(change.day)}</time>
          {scope === 'website' && (
            <>
              {' '}
              on{' '}
              <Link to={`/dashboard/pages/${change.page_id}`} className="break-all font-medium text-indigo-700 hover:text-indigo-900" title={change.page_path}>
                {change.page_title || change.page_path}
              </Link>
            </>
          )}
          . Compared: {windowsText(change.windows)}.
        </p>
        <p className="text-sm text-slate-800">{outcomeText(change)}</p>
        {change.recommendation && (
          <p className="text-sm text-slate-800">
            <span className="font-medium">{appliedText(change.recommendation)}</span>{' '}
            <span className="text-slate-600">{change.recommendation.reason}</span>
          </p>
        )}
        <Table caption={`Figures before and after: ${headline}`} fixed dense cards tableClassName="md:min-w-[40rem]">
          <TableHead>
            <Th>Figure</Th>
            <Th className="w-44">Before</Th>
            <Th className="w-44">After</Th>
            <Th className="w-36">Verdict</Th>
          </TableHead>
          <TableBody>
            {figureRows(change).map((row) => (
              <tr key={row.label}>
                {/* No label: on phones the figure's name heads its card. */}
                <Td className="whitespace-normal font-medium text-slate-900">{row.label}</Td>
                <Td className="tabular-nums" label="Before">
                  {estimateText(row.figure.before, row.format)}
                </Td>
                <Td className="tabular-nums" label="After">
                  {estimateText(row.figure.after, row.format)}
                </Td>
                <Td label="Verdict">
                  <Badge tone={VERDICT_BADGES[row.figure.verdict].tone}>{VERDICT_BADGES[row.figure.verdict].label}</Badge>
                </Td>
              </tr>
            ))}
          </TableBody>
        </Table>
      </div>
    </li>
  );
}
