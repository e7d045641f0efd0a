// GET /api/screenshots: the page's screenshot at the device's reference width, an image fetched with the bearer token
// (so never an <img src>), with what its headers say about it.
import { SCREENSHOT_HEADERS, type DeviceType } from '@foldline/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, ApiError } from '../../../lib/api-client.ts';

export type GetScreenshotParams = { url: string; deviceType: DeviceType };

export interface Screenshot {
  image: Blob;
  /** Height of the whole page in the reference layout (px), also when the image stops short of it; null if unsaid. */
  documentHeight: number | null;
  /** The page was taller than the service's cap and the image stops there. */
  truncated: boolean;
  capturedAt: string | null;
}

/** 409: no screenshot is taken until Foldline has seen the website's tracking code on its domain; the server's message
 * says what to do (install the snippet, or run the installation check). Not a failure to show as one. */
export function awaitsTrackingCode(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

export async function getScreenshot(params: GetScreenshotParams, options: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<Screenshot> {
  const { blob, headers } = await api.getBlob('/screenshots', { ...params, refresh: options.refresh ? '1' : undefined }, options.signal);
  const documentHeight = Number(headers.get(SCREENSHOT_HEADERS.documentHeight));
  return {
    image: blob,
    documentHeight: Number.isFinite(documentHeight) && documentHeight > 0 ? documentHeight : null,
    truncated: headers.get(SCREENSHOT_HEADERS.truncated) === '1',
    capturedAt: headers.get(SCREENSHOT_HEADERS.capturedAt),
  };
}

export function getScreenshotQueryOptions(params: GetScreenshotParams) {
  return queryOptions({
    queryKey: ['screenshots', params] as const,
    queryFn: ({ signal }) => getScreenshot(params, { signal }),
    // The specification's "stale at once, refetched on focus" is for analytics data. A screenshot is an image of
    // megabytes that the server keeps far longer; fetching it again on every focus or tab switch would reload the
    // image and redraw the overlay for nothing. Retry asks for a new one.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

export function useScreenshot(params: GetScreenshotParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getScreenshotQueryOptions(params), enabled });
}

/** 'Retry': asks the server for a new screenshot (refresh) and puts it where every view of this screenshot reads it. */
export function useRefreshScreenshot(params: GetScreenshotParams): () => void {
  const queryClient = useQueryClient();
  const { url, deviceType } = params;
  return useCallback(() => {
    const options = getScreenshotQueryOptions({ url, deviceType });
    queryClient
      // One attempt, the one the user asked for: automatic retries would also run the mounted view's queryFn, without
      // refresh, and repeat a capture that just failed.
      .fetchQuery({ ...options, queryFn: ({ signal }) => getScreenshot({ url, deviceType }, { refresh: true, signal }), staleTime: 0, retry: false })
      // The failure is shown from the query's state, like the first one.
      .catch(() => undefined);
  }, [queryClient, url, deviceType]);
}
