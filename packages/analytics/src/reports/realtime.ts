// GET /api/analytics/realtime: visitors (sessions) with any tracked activity in the last five minutes.
import { REALTIME_WINDOW_MINUTES, type RealtimeResponse } from '@foldline/contracts';
import type { AnalyticsContext } from '../context.ts';
import { runQuery } from '../execute.ts';
import { websitesInScope } from '../scope.ts';

export async function realtime(context: AnalyticsContext, params: { websiteId?: string | undefined }): Promise<RealtimeResponse> {
  const websites = await websitesInScope(context.db, context.userId, params.websiteId);
  const end = context.now;
  const start = new Date(end.getTime() - REALTIME_WINDOW_MINUTES * 60_000);
  const [row] = await runQuery(context.events, {
    metrics: ['active_visitors'],
    filters: { websiteIds: websites.map((w) => w.id) },
    range: { start, end },
  });
  return { visitors: row?.metrics.active_visitors ?? 0, windowMinutes: REALTIME_WINDOW_MINUTES };
}
