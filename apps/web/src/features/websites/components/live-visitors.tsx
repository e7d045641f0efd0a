// The overview's realtime line: a pulsing dot and "1 visitor now", "0 visitors now", "1,204 visitors now", refreshed by
// the realtime query; hidden when that query fails.
import { formatNumber } from '../../../lib/format.ts';
import { useRealtime } from '../api/analytics-realtime.ts';

/** The line itself; `visitors` is undefined while the first answer is on its way. */
export function VisitorsNow({ visitors }: { visitors: number | undefined }) {
  // The count is drawn apart (bold, tabular figures), so the noun after it must agree with it on its own: plural
  // unless exactly one, and plural for the placeholder.
  const noun = visitors === 1 ? 'visitor' : 'visitors';
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700" aria-live="polite">
      <span className="relative flex size-2.5" aria-hidden="true">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-green-400 opacity-75 motion-reduce:animate-none" />
        <span className="relative inline-flex size-2.5 rounded-full bg-green-600" />
      </span>
      <span className="font-semibold tabular-nums">{visitors === undefined ? '…' : formatNumber(visitors)}</span> {noun} now
    </p>
  );
}

export function LiveVisitors({ websiteId }: { websiteId: string }) {
  const realtime = useRealtime(websiteId);
  if (realtime.isError) return null;
  return <VisitorsNow visitors={realtime.data?.visitors} />;
}
