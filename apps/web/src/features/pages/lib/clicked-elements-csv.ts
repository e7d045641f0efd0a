// The element list as CSV (issue 26's export), as a spreadsheet reads it: one header row, fields quoted when needed.
// Of two compared maps, each side's figures under its caption and the change in the share of pageviews.
import type { ClickedElement } from '@foldline/contracts';
import type { ComparedElement, ComparedSide } from './compared-elements.ts';

const HEADER = ['Element', 'Selector', 'Kind', 'Clicks', 'Share of clicks (%)', 'Pageviews clicking', 'Share of pageviews (%)', 'Pageviews with rage clicks', 'Dead clicks', 'Pageviews with dead clicks'];

/** A field quoted when it holds a comma, quote or line break; a text's leading =, +, - or @ is defused (spreadsheet
 * formulas). A number is written as it is, so that a negative change stays a number. */
function field(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  let text = value;
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function clickedElementsCsv(elements: readonly ClickedElement[]): string {
  const rows = elements.map((e) => [e.label, e.selector, e.kind, e.clicks, e.click_share, e.pageviews, e.pageview_share, e.rage_pageviews, e.dead_clicks, e.dead_pageviews]);
  return [HEADER, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

const SIDE_COLUMNS = ['Clicks', 'Share of clicks (%)', 'Pageviews clicking', 'Share of pageviews (%)', 'Pageviews with rage clicks', 'Dead clicks'] as const;

/** A side's figures; empty fields where the element may be beyond that side's list (its figures are not known). */
const sideFields = (side: ComparedSide) =>
  side ? [side.clicks, side.click_share, side.pageviews, side.pageview_share, side.rage_pageviews, side.dead_clicks] : SIDE_COLUMNS.map(() => null);

/** The compared list: each side's columns under its caption ('Clicks: This period · Search'), then the change. */
export function comparedElementsCsv(rows: readonly ComparedElement[], captions: readonly [string, string]): string {
  const header = [
    'Element',
    'Selector',
    'Kind',
    ...captions.flatMap((caption) => SIDE_COLUMNS.map((column) => `${column}: ${caption}`)),
    'Change in share of pageviews (percentage points)',
  ];
  const body = rows.map((row) => [row.label, row.selector, row.kind, ...sideFields(row.first), ...sideFields(row.second), row.change]);
  return [header, ...body].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
