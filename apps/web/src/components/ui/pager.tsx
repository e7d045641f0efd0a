// Previous / Page N of M / Next under a list paged on the server, with what the page shows.
import { formatNumber } from '../../lib/format.ts';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

export interface PagerProps {
  /** The first row shown, from 0. */
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  /** What the rows are: singular and plural. */
  noun: [string, string];
  onOffset: (offset: number) => void;
  /** The next page is on its way, the current one still showing. */
  updating?: boolean;
}

export function Pager({ offset, shown, total, pageSize, noun, onOffset, updating = false }: PagerProps) {
  const pageIndex = Math.floor(offset / pageSize);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p aria-live="polite" className="flex items-center gap-2">
        Showing {formatNumber(offset + 1)}–{formatNumber(offset + shown)} of {formatNumber(total)} {total === 1 ? noun[0] : noun[1]}
        {updating && <Spinner className="size-4 text-indigo-600" />}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => onOffset(offset - pageSize)} disabled={pageIndex === 0}>
          Previous
        </Button>
        <span className="tabular-nums">
          Page {formatNumber(pageIndex + 1)} of {formatNumber(pageCount)}
        </span>
        <Button variant="secondary" size="sm" onClick={() => onOffset(offset + pageSize)} disabled={pageIndex + 1 >= pageCount}>
          Next
        </Button>
      </div>
    </nav>
  );
}
