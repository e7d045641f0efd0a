// The element list beside the click map (issue 26): what was clicked, by readable name, with clicks, share of clicks,
// share of pageviews that clicked it and rage clicks; the ad units under their names. Hovering or focusing a row
// outlines the element on the map (`onHighlight`); the list downloads as CSV.
import type { ClickedElement, ClickedElementsResponse } from '@foldline/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { Table, TableBody, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import type { UseQueryResult } from '@tanstack/react-query';
import { clickedElementsCsv } from '../lib/clicked-elements-csv.ts';

const KIND_LABELS: Record<ClickedElement['kind'], string> = { link: 'Link', button: 'Button', input: 'Form field', image: 'Image', heading: 'Heading', ad: 'Ad unit', other: 'Element' };

export interface ClickedElementsProps {
  elements: UseQueryResult<ClickedElementsResponse>;
  /** The element outlined on the map, by selector; set while a row is hovered or focused. */
  highlighted: string | null;
  onHighlight: (element: ClickedElement | null) => void;
}

export function ClickedElements({ elements, highlighted, onHighlight }: ClickedElementsProps) {
  if (elements.isPending) return <LoadingState text="Loading clicked elements..." />;
  if (elements.isError) return <Alert variant="error">Failed to load clicked elements: {elements.error.message}</Alert>;
  const { data } = elements.data;
  if (data.elements.length === 0) return null;
  const download = () => {
    const url = URL.createObjectURL(new Blob([clickedElementsCsv(data.elements)], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'clicked-elements.csv';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="space-y-2" aria-labelledby="clicked-elements-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="clicked-elements-title" className="text-sm font-semibold text-slate-900">
          Clicked elements
        </h3>
        <Button size="sm" variant="secondary" onClick={download}>
          Download CSV
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        Hover a row to outline the element on the map. Rage clicks: 3 or more clicks within a second on one spot. Ad clicks are estimated.
      </p>
      <Table caption="Clicked elements" fixed dense cards tableClassName="md:min-w-[40rem]">
        <TableHead>
          <Th>Element</Th>
          <Th className="w-20">Clicks</Th>
          <Th className="w-24">Of clicks</Th>
          <Th className="w-28">Of pageviews</Th>
          <Th className="w-24">Rage clicks</Th>
        </TableHead>
        <TableBody>
          {data.elements.map((element) => (
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
            </tr>
          ))}
        </TableBody>
      </Table>
      {data.more > 0 && <p className="text-xs text-slate-500">…and {formatNumber(data.more)} more elements with fewer clicks.</p>}
    </section>
  );
}
