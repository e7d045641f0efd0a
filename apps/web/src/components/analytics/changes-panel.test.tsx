// @vitest-environment jsdom
// Component tests of the Changes panel: loading, failure, the empty answer, each change with its words, badges, page
// link and figures table, the window selector; and the Recommendations panel's record line fed from the same answer.
import type { ChangesResponse } from '@foldline/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { aChange, aChangesResponse, applied } from './change-fixtures.ts';
import { ChangesPanel } from './changes-panel.tsx';
import { aMove, aResponse, anAnalysis } from './recommendation-fixtures.ts';
import { RecommendationsPanel } from './recommendations-panel.tsx';

afterEach(cleanup);

/** The panel as a screen holds it: the window in state, the answer asked again with it. */
function Panel({ answer, scope }: { answer: (window: number) => Promise<ChangesResponse>; scope: 'website' | 'page' }) {
  const [window, setWindow] = useState(14);
  const changes = useQuery({ queryKey: ['changes', window], queryFn: () => answer(window), retry: false });
  return <ChangesPanel changes={changes} scope={scope} window={window} onWindowChange={setWindow} device="desktop" />;
}

function renderPanel(answer: (window: number) => Promise<ChangesResponse>, scope: 'website' | 'page' = 'page') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Panel answer={answer} scope={scope} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ChangesPanel', () => {
  it('shows each change: what happened, its day, device, the days compared and a table of figures with verdicts', async () => {
    renderPanel(() => Promise.resolve(aChangesResponse([aChange()])));
    expect(screen.getByText('Loading changes...')).toBeTruthy();
    const item = await screen.findByTestId('change');
    expect(within(item).getByRole('heading', { name: 'Mover moved from 400 px to 2,400 px down the page' })).toBeTruthy();
    expect(within(item).getByText('Moved')).toBeTruthy();
    expect(within(item).getByText('Desktop')).toBeTruthy();
    expect(within(item).getByText('Nov 15, 2025').getAttribute('datetime')).toBe('2025-11-15');
    expect(within(item).getByText(/Compared: 14 days before \(Nov 1 – Nov 14\) against 14 days after \(Nov 16 – Nov 29\)\./)).toBeTruthy();
    expect(within(item).getByText(/^The unit's view rate fell from 80\.0% to 30\.0%/)).toBeTruthy();
    const table = within(item).getByRole('table', { name: 'Figures before and after: Mover moved from 400 px to 2,400 px down the page' });
    const viewRate = within(table).getByRole('row', { name: /^Unit view rate/ });
    expect(within(viewRate).getByText('80.0% (76.0–84.0)')).toBeTruthy();
    expect(within(viewRate).getByText('30.0% (26.0–34.0)')).toBeTruthy();
    expect(within(viewRate).getByText('Down')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /^Other units'/ })).getByText('Within noise')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    // The page's own screen links to no page; no recommendation, no promise.
    expect(within(item).queryByRole('link')).toBeNull();
    expect(within(item).queryByText(/^Applied recommendation/)).toBeNull();
  });

  it('names the page on the website scope, and an applied recommendation with promised against delivered', async () => {
    renderPanel(() => Promise.resolve(aChangesResponse([aChange({ recommendation: applied() })], { applied: 1, judged: 1, within: 1 })), 'website');
    const item = await screen.findByTestId('change');
    expect(within(item).getByRole('link', { name: 'Story' }).getAttribute('href')).toBe('/dashboard/pages/p1');
    expect(within(item).getByText('Recommended')).toBeTruthy();
    expect(within(item).getByText('Applied recommendation: promised a view rate of 25.0–40.0%, delivered 30.0% — within its range.')).toBeTruthy();
  });

  it('says when the after window is too short, with the verdicts too early to tell', async () => {
    const short = aChange({ windows: { before: { start: '2025-11-01', end: '2025-11-14', days: 14 }, after: { start: '2025-11-16', end: '2025-11-19', days: 4 } } });
    const tooShort = { before: short.unit.view_rate.before, after: short.unit.view_rate.after, verdict: 'too_short' as const };
    renderPanel(() => Promise.resolve(aChangesResponse([{ ...short, unit: { ...short.unit, view_rate: tooShort } }])));
    expect(await screen.findByText('The after window has 4 days; figures need a week.')).toBeTruthy();
    expect(screen.getByText('Too early to tell')).toBeTruthy();
  });

  it('asks again with the window picked', async () => {
    const asked: number[] = [];
    renderPanel((window) => {
      asked.push(window);
      return Promise.resolve(aChangesResponse([aChange()]));
    });
    await screen.findByTestId('change');
    fireEvent.change(screen.getByLabelText('Days compared on each side'), { target: { value: '28' } });
    await screen.findByTestId('change');
    await expect.poll(() => asked).toEqual([14, 28]);
    expect((screen.getByLabelText('Days compared on each side') as HTMLSelectElement).value).toBe('28');
  });

  it('says when nothing changed, and shows a failure in the words of the catalogue', async () => {
    renderPanel(() => Promise.resolve(aChangesResponse([])));
    expect(await screen.findByText('No ad layout changes detected in the last 90 days.')).toBeTruthy();
    cleanup();
    renderPanel(() => Promise.reject(new Error('The server could not be reached')));
    expect(await screen.findByText('Failed to load changes: The server could not be reached')).toBeTruthy();
  });

  it('shows ten changes at first and the rest on asking', async () => {
    const many = Array.from({ length: 12 }, (_, i) => aChange({ id: `c${i}` }));
    renderPanel(() => Promise.resolve(aChangesResponse(many)));
    expect(await screen.findAllByTestId('change')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 12 changes' }));
    expect(screen.getAllByTestId('change')).toHaveLength(12);
  });
});

describe("RecommendationsPanel's record", () => {
  function renderRecommendations(record: ChangesResponse['data']['record'] | undefined, empty = false) {
    function Recommendations() {
      const recommendations = useQuery({ queryKey: ['recommendations'], queryFn: () => Promise.resolve(aResponse(empty ? [] : [aMove()], [anAnalysis()])), retry: false });
      return <RecommendationsPanel recommendations={recommendations} scope="website" record={record} />;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Recommendations />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('says how many applied recommendations delivered within their range, also when none is left to recommend', async () => {
    renderRecommendations({ applied: 10, judged: 10, within: 8 });
    // Under the summary line.
    const summary = await screen.findByText(/^1 recommendation could add at least/);
    expect(summary.nextElementSibling?.textContent).toBe('8 of 10 applied recommendations delivered within their range.');
    cleanup();
    renderRecommendations({ applied: 10, judged: 10, within: 8 }, true);
    expect(await screen.findByText('8 of 10 applied recommendations delivered within their range.')).toBeTruthy();
    cleanup();
    renderRecommendations({ applied: 2, judged: 0, within: 0 }, true);
    expect(await screen.findByText('2 applied recommendations; too early to judge them yet.')).toBeTruthy();
    cleanup();
    renderRecommendations(undefined, true);
    await screen.findByText(/^No page has enough readers yet/);
    expect(screen.queryByTestId('advice-record')).toBeNull();
  });
});
