// The element list as CSV (issue 26's export), as a spreadsheet reads it: one header row, fields quoted when needed.
import type { ClickedElement } from '@foldline/contracts';

const HEADER = ['Element', 'Selector', 'Kind', 'Clicks', 'Share of clicks (%)', 'Pageviews clicking', 'Share of pageviews (%)', 'Pageviews with rage clicks', 'Dead clicks', 'Pageviews with dead clicks'];

/** A field quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused (spreadsheet formulas). */
function field(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function clickedElementsCsv(elements: readonly ClickedElement[]): string {
  const rows = elements.map((e) => [e.label, e.selector, e.kind, e.clicks, e.click_share, e.pageviews, e.pageview_share, e.rage_pageviews, e.dead_clicks, e.dead_pageviews]);
  return [HEADER, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
