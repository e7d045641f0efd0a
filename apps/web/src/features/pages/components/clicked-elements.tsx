// The element list beside the click map (issue 26): what was clicked, by readable name, with clicks, share of clicks,
// share of pageviews that clicked it, rage clicks and dead clicks; the ad units under their names. A filter narrows the
// list to rage or dead clicks (asked of the API again, with the same query and `only`), and the map beside it with it
// (the panel holds the filter). Hovering or focusing a row outlines the element on the map (`onHighlight`); the list downloads as CSV.
// Under two compared maps (`compared`), the list holds both: each element's clicks and share of pageviews on either side
// and the change in that share, sorted by the first side's clicks (lib/compared-elements.ts); the filter narrows both.
import type { ClickedElement, ClickFilter } from '@foldline/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { Table, TableBody, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useClickedElements, type ClickedElementsList, type GetClickedElementsParams } from '../api/get-clicked-elements.ts';
import { clickedElementsCsv, comparedElementsCsv } from '../lib/clicked-elements-csv.ts';
import { compareElements, type ComparedElement, type ComparedSide } from '../lib/compared-elements.ts';
import { signedPoints } from '../lib/heatmap-difference-text.ts';

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
  onHighlight: (element: Outlined | null) => void;
  /** The filter, held by the panel so that the map follows it: none for every click. */
  only: ClickFilter | undefined;
  onOnly: (only: ClickFilter | undefined) => void;
  /** The second of two compared maps' list, and the two maps' captions (the first is `elements`'). */
  compared?: { elements: UseQueryResult<ClickedElementsList>; captions: readonly [string, string] } | undefined;
}

/** What the row outlines on the map: an element of either list. */
type Outlined = Pick<ClickedElement, 'selector' | 'box'>;

const count = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

/** The same list narrowed to a filter: asked only once the whole list is there (and so its query known) and a filter is
 * chosen; the whole list itself without one. */
function useShownList(elements: UseQueryResult<ClickedElementsList> | undefined, shown: Shown): UseQueryResult<ClickedElementsList> | undefined {
  const asked = elements?.data?.params;
  const narrowedParams: GetClickedElementsParams = { ...(asked ?? ({} as GetClickedElementsParams)), ...(shown !== 'all' ? { only: shown } : {}) };
  const narrowed = useClickedElements(narrowedParams, asked !== undefined && shown !== 'all');
  return elements && (shown === 'all' ? elements : narrowed);
}

function download(csv: string, name: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export function ClickedElements({ elements, highlighted, onHighlight, only, onOnly, compared }: ClickedElementsProps) {
  const shown: Shown = only ?? 'all';
  const setShown = (value: Shown) => onOnly(value === 'all' ? undefined : value);
  const list = useShownList(elements, shown)!;
  const secondList = useShownList(compared?.elements, shown);
  const both = compared && secondList ? { first: list, second: secondList, captions: compared.captions } : undefined;

  const wholes = [elements, ...(compared ? [compared.elements] : [])];
  const pending = wholes.find((whole) => whole.isPending);
  if (pending) return <LoadingState text="Loading clicked elements..." />;
  const failed = wholes.find((whole) => whole.isError);
  if (failed?.error) return <Alert variant="error">Failed to load clicked elements: {failed.error.message}</Alert>;
  // No click at all (on either side): nothing to list or filter.
  if (wholes.every((whole) => whole.data!.data.elements.length === 0)) return null;
  const filter = FILTERS.find((f) => f.value === shown)!;
  const fileName = `clicked-elements${shown === 'all' ? '' : `-${shown}-clicks`}${both ? '-compared' : ''}.csv`;
  const shownLists = both ? [both.first, both.second] : [list];
  const loaded = shownLists.every((l) => l.data);
  const rows = both && both.first.data && both.second.data ? compareElements(both.first.data.data, both.second.data.data) : undefined;
  const empty = both ? rows?.length === 0 : list.data?.data.elements.length === 0;
  const save = () => {
    if (both && rows) download(comparedElementsCsv(rows, both.captions), fileName);
    else if (list.data) download(clickedElementsCsv(list.data.data.elements), fileName);
  };
  const listPending = shownLists.find((l) => l.isPending);
  const listFailed = shownLists.find((l) => l.isError);
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
          <Button size="sm" variant="secondary" disabled={!loaded || empty} onClick={save}>
            Download CSV
          </Button>
        </div>
      </div>
      <p className="text-xs text-slate-500">
        Hover a row to outline the element on the map. Rage clicks: pageviews with 3 or more clicks within a second on one spot. Dead clicks: clicks on
        something that is not a link, button or form field, after which nothing near it changed, nothing scrolled and no page opened within a second (a
        click a script answers without changing the page counts too). Ad clicks are estimated.
      </p>
      {both && (
        <p className="text-xs text-slate-500">
          Both maps' elements: each side's clicks and the share of its own pageviews that clicked the element. Change: that share on the first ({both.captions[0]}) minus
          the second ({both.captions[1]}), in percentage points, so more visitors alone do not make a change.
        </p>
      )}
      {shown !== 'all' && (
        <p className="text-xs text-slate-500">
          Only {filter.label.toLowerCase()}: the map and each element's clicks and shares count those clicks alone.
        </p>
      )}
      {listPending ? (
        <LoadingState text={`Loading ${filter.label.toLowerCase()}...`} />
      ) : listFailed?.error ? (
        <Alert variant="error">Failed to load {filter.label.toLowerCase()}: {listFailed.error.message}</Alert>
      ) : empty ? (
        <p className="text-sm text-slate-600">{filter.none}</p>
      ) : both && rows ? (
        <ComparedTable rows={rows} captions={both.captions} caption={shown === 'all' ? 'Clicked elements' : `Clicked elements: ${filter.label.toLowerCase()}`} highlighted={highlighted} onHighlight={onHighlight} mores={[both.first.data!.data.more, both.second.data!.data.more]} />
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
              {list.data!.data.elements.map((element) => (
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
                      <Badge tone={element.kind === 'ad' ? 'blue' : 'gray'} className="shrink-0">{KIND_LABELS[element.kind]}</Badge>
                      <span className="truncate font-medium text-slate-900" title={element.label}>
                        {element.label}
                      </span>
                    </span>
                    <span className="block truncate text-xs text-slate-600" title={element.selector}>
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
                        <span className="block text-xs text-slate-600">in {count(element.dead_pageviews, 'pageview')}</span>
                      </>
                    ) : (
                      '0'
                    )}
                  </Td>
                </tr>
              ))}
            </TableBody>
          </Table>
          {list.data!.data.more > 0 && <p className="text-xs text-slate-500">…and {formatNumber(list.data!.data.more)} more elements with fewer clicks.</p>}
        </>
      )}
    </section>
  );
}

interface ComparedTableProps {
  rows: readonly ComparedElement[];
  captions: readonly [string, string];
  /** The table's accessible name. */
  caption: string;
  highlighted: string | null;
  onHighlight: (element: Outlined | null) => void;
  /** Each side's elements beyond its list. */
  mores: readonly [number, number];
}

/** Both sides of a compared list: clicks and share of pageviews per side, and the change in that share. */
function ComparedTable({ rows, captions, caption, highlighted, onHighlight, mores }: ComparedTableProps) {
  const more = Math.max(...mores);
  return (
    <>
      <Table caption={caption} fixed dense cards tableClassName="md:min-w-[44rem]">
        <TableHead>
          <Th>Element</Th>
          <Th className="w-40">{captions[0]}</Th>
          <Th className="w-40">{captions[1]}</Th>
          <Th className="w-28">Change</Th>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <tr
              key={row.key}
              tabIndex={0}
              onMouseEnter={() => onHighlight(row)}
              onMouseLeave={() => onHighlight(null)}
              onFocus={() => onHighlight(row)}
              onBlur={() => onHighlight(null)}
              className={highlighted === row.selector ? 'bg-indigo-50' : 'hover:bg-slate-50'}
            >
              <Td label="Element" className="md:max-w-0">
                <span className="flex items-center gap-2">
                  <Badge tone={row.kind === 'ad' ? 'blue' : 'gray'} className="shrink-0">{KIND_LABELS[row.kind]}</Badge>
                  <span className="truncate font-medium text-slate-900" title={row.label}>
                    {row.label}
                  </span>
                </span>
                <span className="block truncate text-xs text-slate-600" title={row.selector}>
                  {row.selector}
                </span>
              </Td>
              <Td label={captions[0]} className="tabular-nums">
                <SideFigures side={row.first} />
              </Td>
              <Td label={captions[1]} className="tabular-nums">
                <SideFigures side={row.second} />
              </Td>
              <Td label="Change" className="tabular-nums">
                {row.change === null ? (
                  <span className="text-slate-600">–</span>
                ) : (
                  // Red for more, blue for fewer, as on the difference map.
                  <Badge tone={row.change > 0 ? 'red' : row.change < 0 ? 'blue' : 'gray'}>{signedPoints(row.change / 100)}</Badge>
                )}
              </Td>
            </tr>
          ))}
        </TableBody>
      </Table>
      {more > 0 && (
        <p className="text-xs text-slate-500">
          Each side lists its most clicked elements; an element beyond one side's list shows "Not in its list" there, and no change.
        </p>
      )}
    </>
  );
}

function SideFigures({ side }: { side: ComparedSide }) {
  if (!side) return <span className="text-slate-600">Not in its list</span>;
  return (
    <>
      <span className="block">{count(side.clicks, 'click')}</span>
      <span className="block text-xs text-slate-600">{formatPercent(side.pageview_share)} of pageviews</span>
    </>
  );
}
