// @vitest-environment jsdom
// Component tests of the Recommendations panel: loading, the catalogue's failure text, one card per recommendation in
// the server's order with the selected device first, and an empty answer that says why.
import type { DeviceType, RecommendationsResponse } from '@foldline/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { aFormatChange, aMove, aNewPlacement, aResponse, anAnalysis, someValues } from './recommendation-fixtures.ts';
import { RecommendationsPanel, type RecommendationsPanelProps } from './recommendations-panel.tsx';

afterEach(cleanup);

function Panel({ answer, ...props }: { answer: () => Promise<RecommendationsResponse> } & Omit<RecommendationsPanelProps, 'recommendations'>) {
  const recommendations = useQuery({ queryKey: ['recommendations'], queryFn: answer, retry: false });
  return <RecommendationsPanel recommendations={recommendations} {...props} />;
}

function renderPanel(answer: () => Promise<RecommendationsResponse>, props: { scope?: 'website' | 'page'; device?: DeviceType } = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Panel answer={answer} scope={props.scope ?? 'website'} device={props.device} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RecommendationsPanel', () => {
  it('shows one card per recommendation with its type, unit, device, reason, gain, view rates, evidence and confidence', async () => {
    renderPanel(() => Promise.resolve(aResponse([aMove(), aNewPlacement(), aFormatChange()])));
    expect(screen.getByText('Loading recommendations...')).toBeTruthy();
    const cards = await screen.findAllByRole('listitem');
    const [move] = cards;
    expect(within(move!).getByText('Move ad unit')).toBeTruthy();
    expect(within(move!).getByRole('heading', { name: 'Ad unit 4821596307' })).toBeTruthy();
    expect(within(move!).getByText('Desktop')).toBeTruthy();
    expect(within(move!).getByText('High confidence')).toBeTruthy();
    expect(within(move!).getByText(/^Only 30 % of desktop readers/)).toBeTruthy();
    expect(within(move!).getByText('Ad value +184 to +255 per 1,000 pageviews')).toBeTruthy();
    expect(within(move!).getByText('+650 to +900 viewable impressions / 30 days')).toBeTruthy();
    expect(within(move!).getByText(/^Move it from after paragraph 9 of the article/)).toBeTruthy();
    expect(within(move!).getByText('#article-body>p:nth-of-type(4)')).toBeTruthy();
    expect(within(move!).getByText(/should fall in these ranges 19 times in 20/)).toBeTruthy();
    expect(within(move!).getByText(/View rate 29\.8% → 51\.8%/)).toBeTruthy();
    expect(within(move!).getByText('Based on 3,530 pageviews and 3,301 impressions.')).toBeTruthy();
    expect(within(move!).getByRole('link', { name: 'Tram extension approved' }).getAttribute('href')).toBe('/dashboard/pages/p1');
    // The server's order, largest gain first.
    const types = cards.slice(0, 3).map((card) => within(card).getByText(/^(Move ad unit|New ad placement|Format change)$/).textContent);
    expect(types).toEqual(['Move ad unit', 'New ad placement', 'Format change']);
  });

  it("says on each card which values its device's ad value rests on", async () => {
    const values = someValues({ currency: 'USD', revenue_sources: { prebid: true, imported: false }, measured: [{ device: 'desktop', format: '300x250', viewable_ecpm: 0.8, viewable_impressions: 1000, value: 1 }] });
    const answer = aResponse([aMove(), aNewPlacement()]);
    renderPanel(() => Promise.resolve({ ...answer, meta: { ...answer.meta, values } }));
    const [move, placement] = await screen.findAllByRole('listitem');
    expect(within(move!).getByTestId('advice-values').textContent).toBe('Values: measured viewable eCPM for 300x250 on desktop (last 30 days, Prebid winning bids only); defaults for the rest.');
    expect(within(placement!).getByTestId('advice-values').textContent).toBe('Values: default relative values (no format has 1,000 viewable impressions on mobile in the last 30 days yet).');
  });

  it('shows the failure in the words of the catalogue', async () => {
    renderPanel(() => Promise.reject(new Error('The server could not be reached')));
    expect(await screen.findByText('Failed to load recommendations: The server could not be reached')).toBeTruthy();
  });

  it('puts the selected device first, and says why it has none of its own', async () => {
    const pages = [anAnalysis({ status: 'analysed', message: 'Analysed 3,530 desktop pageviews. 1 recommendation.' }), anAnalysis({ device: 'tablet', pageviews: 40, message: '40 tablet pageviews in the last 30 days; recommendations need 300 (260 to go).' })];
    renderPanel(() => Promise.resolve(aResponse([aMove()], pages)), { scope: 'page', device: 'tablet' });
    expect(await screen.findByText('No recommendations for tablet readers: 40 tablet pageviews in the last 30 days; recommendations need 300 (260 to go).')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Other devices' })).toBeTruthy();
    // The page's own screen needs no link to itself.
    expect(screen.queryByRole('link', { name: 'Tram extension approved' })).toBeNull();
  });

  it('explains an empty answer with each page and device\'s analysis', async () => {
    renderPanel(() => Promise.resolve(aResponse([], [anAnalysis(), anAnalysis({ device: 'mobile', message: '12 mobile pageviews in the last 30 days; recommendations need 300 (288 to go).' })])));
    expect(await screen.findByText(/^No page has enough readers yet: recommendations need 300 pageviews/)).toBeTruthy();
    expect(screen.getByText('241 desktop pageviews in the last 30 days; recommendations need 300 (59 to go).')).toBeTruthy();
    expect(screen.getByText('12 mobile pageviews in the last 30 days; recommendations need 300 (288 to go).')).toBeTruthy();
  });

  it('says there were no pageviews when no page was read in the window', async () => {
    renderPanel(() => Promise.resolve(aResponse([], [])));
    expect(await screen.findByText(/^No pageviews in the last 30 days\./)).toBeTruthy();
  });
});
