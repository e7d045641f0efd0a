// The element list beside the click map (issue 26): what was clicked, by readable name, with clicks, share of clicks,
// share of pageviews that clicked it, rage clicks and dead clicks; the ad units under their names. A filter narrows the
// list to rage or dead clicks (asked of the API again, with the same query and `only`), and the map beside it with it
// (the panel holds the filter). Hovering or focusing a row outlines the element on the map (`onHighlight`); the list downloads as CSV.
import type { ClickedElement, ClickFilter } from '@foldline/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { Table, TableBody, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useClickedElements, type ClickedElementsList, type GetClickedElementsParams } from '../api/get-clicked-elements.ts';
import { clickedElementsCsv } from '../lib/clicked-elements-csv.ts';

const KIND_LABELS: Record<ClickedElement['kind'], string> = { link: 'Link', button: 'Button', input: 'Form field', image: 'Image', heading: 'Heading', ad: 'Ad unit', other: 'Element' };

type Shown = 'all' | ClickFilter;
const FILTERS: ReadonlyArray<{ value: Shown; label: string; none: string }> = [
  { value: 'all', label: 'All clicks', none: '' },
  { value: 'rage', label: 'Rage clicks', none: 'No rage clicks on this page in this period.' },
  { value: 'dead', label: 'Dead clicks', none: 'No dead clicks on this page in this period.' },
];

export interface ClickedElementsProps {
  elements: UseQueryResult<ClickedElementsList>;
  /** The element outlined on the map, by selector; set while a row is hovered or focused. */
  highlighted: string | null;
  onHighlight: (element: ClickedElement | null) => void;
  /** The filter, held by the panel so that the map follows it: none for every click. */
  only: ClickFilter | undefined;
  onOnly: (only: ClickFilter | undefined) => void;
}

const count = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

export function ClickedElements({ elements, highlighted, onHighlight, only, onOnly }: ClickedElementsProps) {
  const shown: Shown = only ?? 'all';
  const setShown = (value: Shown) => onOnly(value === 'all' ? undefined : value);
  const asked = elements.data?.params;
  // The same list narrowed: asked only once the whole list is there (and so its query known) and a filter is chosen.
  const narrowedParams: GetClickedElementsParams = { ...(asked ?? ({} as GetClickedElementsParams)), ...(shown !== 'all' ? { only: shown } : {}) };
  const narrowed = useClickedElements(narrowedParams, asked !== undefined && shown !== 'all');

  if (elements.isPending) return <LoadingState text="Loading clicked elements..." />;
  if (elements.isError) return <Alert variant="error">Failed to load clicked elements: {elements.error.message}</Alert>;
  // No click at all: nothing to list or filter.
  if (elements.data.data.elements.length === 0) return null;
  const list = shown === 'all' ? elements : narrowed;
  const filter = FILTERS.find((f) => f.value === shown)!;
  const download = (rows: readonly ClickedElement[]) => {
    const url = URL.createObjectURL(new Blob([clickedElementsCsv(rows)], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = shown === 'all' ? 'clicked-elements.csv' : `clicked-elements-${shown}-clicks.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="space-y-2" aria-labelledby="clicked-elements-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="clicked-elements-title" className="text-sm font-semibold text-slate-900">
          Clicked elements
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Clicks listed" className="inline-flex gap-1">
            {FILTERS.map((f) => (
              <Button key={f.value} size="sm" variant={shown === f.value ? 'primary' : 'secondary'} aria-pressed={shown === f.value} onClick={() => setShown(f.value)}>
                {f.label}
              </Button>
            ))}
          </div>
          <Button size="sm" variant="secondary" disabled={!list.data || list.data.data.elements.length === 0} onClick={() => list.data && download(list.data.data.elements)}>
            Download CSV
          </Button>
        </div>
      </div>
      <p className="text-xs text-slate-500">
        Hover a row to outline the element on the map. Rage clicks: pageviews with 3 or more clicks within a second on one spot. Dead clicks: clicks on
        something that is not a link, button or form field, after which nothing near it changed, nothing scrolled and no page opened within a second (a
        click a script answers without changing the page counts too). Ad clicks are estimated.
      </p>
      {shown !== 'all' && (
        <p className="text-xs text-slate-500">
          Only {filter.label.toLowerCase()}: the map and each element's clicks and shares count those clicks alone.
        </p>
      )}
      {list.isPending ? (
        <LoadingState text={`Loading ${filter.label.toLowerCase()}...`} />
      ) : list.isError ? (
        <Alert variant="error">Failed to load {filter.label.toLowerCase()}: {list.error.message}</Alert>
      ) : list.data.data.elements.length === 0 ? (
        <p className="text-sm text-slate-600">{filter.none}</p>
      ) : (
        <>
          <Table caption={shown === 'all' ? 'Clicked elements' : `Clicked elements: ${filter.label.toLowerCase()}`} fixed dense cards tableClassName="md:min-w-[44rem]">
            <TableHead>
              <Th>Element</Th>
              <Th className="w-20">Clicks</Th>
              <Th className="w-24">Of clicks</Th>
              <Th className="w-28">Of pageviews</Th>
              <Th className="w-24">Rage clicks</Th>
              <Th className="w-28">Dead clicks</Th>
            </TableHead>
            <TableBody>
              {list.data.data.elements.map((element) => (
                <tr
                  key={`${element.kind}:${element.selector}:${element.ad_unit_id ?? ''}`}
                  tabIndex={0}
                  onMouseEnter={() => onHighlight(element)}
                  onMouseLeave={() => onHighlight(null)}
                  onFocus={() => onHighlight(element)}
                  onBlur={() => onHighlight(null)}
                  className={highlighted === element.selector ? 'bg-indigo-50' : 'hover:bg-slate-50'}
                >
                  {/* max-w-0 lets the fixed table truncate long names; on a phone the row is a card and the cell needs its width. */}
                  <Td label="Element" className="md:max-w-0">
                    <span className="flex items-center gap-2">
                      <Badge tone={element.kind === 'ad' ? 'blue' : 'gray'}>{KIND_LABELS[element.kind]}</Badge>
                      <span className="truncate font-medium text-slate-900" title={element.label}>
                        {element.label}
                      </span>
                    </span>
                    <span className="block truncate text-xs text-slate-500" title={element.selector}>
                      {element.selector}
                    </span>
                  </Td>
                  <Td label="Clicks" className="tabular-nums">
                    {formatNumber(element.clicks)}
                  </Td>
                  <Td label="Of clicks" className="tabular-nums">
                    {formatPercent(element.click_share)}
                  </Td>
                  <Td label="Of pageviews" className="tabular-nums">
                    {formatPercent(element.pageview_share)}
                  </Td>
                  <Td label="Rage clicks" className="tabular-nums">
                    {element.rage_pageviews > 0 ? <Badge tone="red">{formatNumber(element.rage_pageviews)}</Badge> : '0'}
                  </Td>
                  <Td label="Dead clicks" className="tabular-nums">
                    {element.dead_clicks > 0 ? (
                      <>
                        <Badge tone="yellow">{formatNumber(element.dead_clicks)}</Badge>
                        <span className="block text-xs text-slate-500">in {count(element.dead_pageviews, 'pageview')}</span>
                      </>
                    ) : (
                      '0'
                    )}
                  </Td>
                </tr>
              ))}
            </TableBody>
          </Table>
          {list.data.data.more > 0 && <p className="text-xs text-slate-500">…and {formatNumber(list.data.data.more)} more elements with fewer clicks.</p>}
        </>
      )}
    </section>
  );
}
