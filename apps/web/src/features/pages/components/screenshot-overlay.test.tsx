// @vitest-environment jsdom
// The screenshot under a heatmap when there is none: a website whose tracking code Foldline has not seen yet says why
// and what to do (not as an error), and any other failure is shown with 'Retry'.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../../lib/api-client.ts';
import { ScreenshotOverlay } from './screenshot-overlay.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const UNVERIFIED = 'Screenshots are taken once Foldline has seen your tracking code on shop.example: install the snippet, or run the installation check.';

function renderOverlay() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ScreenshotOverlay url="https://shop.example/article" device="desktop" label="Click heatmap over the page" draw={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('ScreenshotOverlay', () => {
  it('says why there is no screenshot of a website whose tracking code was not seen yet, and offers to check again', async () => {
    vi.spyOn(api, 'getBlob').mockRejectedValue(new ApiError('Request failed with status 409', 409, UNVERIFIED));
    renderOverlay();
    expect(await screen.findByText('No screenshot yet')).toBeTruthy();
    expect(screen.getByText(UNVERIFIED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
    expect(screen.queryByText(/Error loading screenshot/)).toBeNull();
  });

  it('shows any other failure as an error with Retry', async () => {
    vi.spyOn(api, 'getBlob').mockRejectedValue(new ApiError('Request failed with status 502', 502, 'https://shop.example/article could not be captured: it answered HTTP 500.'));
    renderOverlay();
    expect(await screen.findByText('Error loading screenshot: https://shop.example/article could not be captured: it answered HTTP 500.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
