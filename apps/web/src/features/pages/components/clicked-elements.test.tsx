// @vitest-environment jsdom
// The element list under two compared click maps: each element with both sides' clicks and share of pageviews and the
// change, in the first side's order; hovering a row outlines it (either side's element); the CSV carries both sides.
import type { ClickedElement, ClickedElementsResponse, ClickFilter } from '@foldline/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { useClickedElements } from '../api/get-clicked-elements.ts';
import { ClickedElements } from './clicked-elements.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PAGE = '6f1c2c7e-5d7a-4a44-9d53-0a6f3f0e2b11';

const element = (selector: string, label: string, clicks: number, pageviewShare: number, box: ClickedElement['box'] = [100, 900, 200, 50]): ClickedElement => ({
  selector,
  label,
  kind: 'button',
  ad_unit_id: null,
  clicks,
  click_share: 50,
  pageviews: clicks,
  pageview_share: pageviewShare,
  rage_pageviews: 0,
  dead_clicks: 0,
  dead_pageviews: 0,
  box,
});

const response = (pageviews: number, elements: ClickedElement[]): ClickedElementsResponse => ({
  data: { pageviews, clicks: elements.reduce((sum, e) => sum + e.clicks, 0), elements, more: 0 },
  meta: { layout: { captured: true } },
});

/** This period: 4 pageviews, 3 clicked Subscribe; the previous one: 10 pageviews, 2 on Subscribe, 5 on the headline. */
const LISTS = {
  current: response(4, [element('#cta', 'Subscribe', 3, 75)]),
  previous: response(10, [element('main>h1', 'Harbour ferry timetable', 5, 50, [0, 0, 1000, 60]), element('#cta', 'Subscribe', 2, 20)]),
};

function Compared({ onHighlight }: { onHighlight: (selector: string | null, box: unknown) => void }) {
  const first = useClickedElements({ pageId: PAGE, period: 'week', deviceType: 'desktop' });
  const second = useClickedElements({ pageId: PAGE, period: 'week', deviceType: 'desktop', window: 'previous' });
  const [only, setOnly] = useState<ClickFilter | undefined>(undefined);
  return (
    <ClickedElements
      elements={first}
      highlighted={null}
      onHighlight={(e) => onHighlight(e?.selector ?? null, e?.box)}
      only={only}
      onOnly={setOnly}
      compared={{ elements: second, captions: ['This period · All visitors', 'Previous period · All visitors'] }}
    />
  );
}

describe('ClickedElements compared', () => {
  it('lists both sides’ clicks, shares and the change, by the first side’s clicks, and outlines a hovered row', async () => {
    // The API's answers, by the window asked (the list itself is what is under test).
    vi.spyOn(api, 'get').mockImplementation(async (_path, query) => (query?.window === 'previous' ? LISTS.previous : LISTS.current) as never);
    const highlight = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Compared onHighlight={highlight} />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Clicked elements' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Element', 'This period · All visitors', 'Previous period · All visitors', 'Change']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['ButtonSubscribe#cta', '3 clicks75.0% of pageviews', '2 clicks20.0% of pageviews', '+55.0 pp'],
      // Clicked in the previous period only: none this period, though the previous had more clicks on it.
      ['ButtonHarbour ferry timetablemain>h1', '0 clicks0.0% of pageviews', '5 clicks50.0% of pageviews', '−50.0 pp'],
    ]);
    fireEvent.mouseEnter(rows[1]!);
    expect(highlight).toHaveBeenLastCalledWith('main>h1', [0, 0, 1000, 60]);
    fireEvent.mouseLeave(rows[1]!);
    expect(highlight).toHaveBeenLastCalledWith(null, undefined);
  });

  it('downloads both sides as one CSV', async () => {
    vi.spyOn(api, 'get').mockImplementation(async (_path, query) => (query?.window === 'previous' ? LISTS.previous : LISTS.current) as never);
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:list';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Compared onHighlight={() => undefined} />
      </QueryClientProvider>,
    );
    await screen.findByRole('table', { name: 'Clicked elements' });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('clicked-elements-compared.csv');
    const lines = (await blobs[0]!.text()).split('\r\n');
    expect(lines[0]).toContain('Clicks: This period · All visitors');
    expect(lines[0]).toContain('Clicks: Previous period · All visitors');
    expect(lines[1]).toBe('Subscribe,#cta,button,3,50,3,75,0,0,2,50,2,20,0,0,55');
    expect(lines[2]).toBe('Harbour ferry timetable,main>h1,button,0,0,0,0,0,0,5,50,5,50,0,0,-50');
  });
});
