// The heatmap card's segment selectors (issue 26): Source and Browser, each choice with its pageviews in the period so
// an empty segment shows before it is picked, and Compare (the previous period, or another segment chosen the same way),
// the two maps shown side by side or as one map of their difference.
import { TRAFFIC_SOURCES, type DeviceFilter, type HeatmapPeriod, type HeatmapSegmentsResponse } from '@foldline/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Select, type SelectOption } from '../../../components/ui/select.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useHeatmapSegments } from '../api/get-heatmap-segments.ts';
import { COMPARE_LABELS, DISPLAY_LABELS, SOURCE_LABELS, type CompareDisplay, type CompareMode, type HeatmapView, type SegmentChoice } from '../lib/heatmap-view.ts';

export interface HeatmapSegmentControlsProps {
  scope: { pageId: string; period: HeatmapPeriod; deviceType: DeviceFilter };
  view: HeatmapView;
  onChange: (view: HeatmapView) => void;
}

const COMPARE_OPTIONS = (Object.keys(COMPARE_LABELS) as CompareMode[]).map((value) => ({ value, label: COMPARE_LABELS[value] }));
const DISPLAYS = Object.keys(DISPLAY_LABELS) as CompareDisplay[];

export function HeatmapSegmentControls({ scope, view, onChange }: HeatmapSegmentControlsProps) {
  const counts = useHeatmapSegments(scope);
  const data = counts.data?.data;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3 lg:max-w-3xl">
        <SegmentSelects labels={['Source', 'Browser']} choice={view.segment} data={data} onChange={(segment) => onChange({ ...view, segment })} />
        <Select<CompareMode> label="Compare" options={COMPARE_OPTIONS} value={view.compare} onChange={(compare) => onChange({ ...view, compare })} />
      </div>
      {view.compare === 'segment' && (
        <fieldset className="grid gap-3 sm:grid-cols-3 lg:max-w-3xl">
          <legend className="mb-1 text-sm font-medium text-slate-800 sm:col-span-3">Compare with</legend>
          <SegmentSelects labels={['Other source', 'Other browser']} choice={view.other} data={data} onChange={(other) => onChange({ ...view, other })} />
        </fieldset>
      )}
      {view.compare !== 'off' && (
        <div role="group" aria-label="Show the compared maps" className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-slate-800" aria-hidden="true">
            Show
          </span>
          {DISPLAYS.map((display) => (
            <Button
              key={display}
              size="sm"
              variant={view.display === display ? 'primary' : 'secondary'}
              aria-pressed={view.display === display}
              onClick={() => onChange({ ...view, display })}
            >
              {DISPLAY_LABELS[display]}
            </Button>
          ))}
        </div>
      )}
      {counts.isError && <p className="text-xs text-slate-500">The segments' pageviews could not be counted: {counts.error.message}</p>}
    </div>
  );
}

function SegmentSelects({
  labels,
  choice,
  data,
  onChange,
}: {
  labels: [string, string];
  choice: SegmentChoice;
  data: HeatmapSegmentsResponse['data'] | undefined;
  onChange: (choice: SegmentChoice) => void;
}) {
  const withCount = (label: string, pageviews: number | undefined) => (pageviews === undefined ? label : `${label} (${formatNumber(pageviews)})`);
  const sources: SelectOption<SegmentChoice['source']>[] = [
    { value: 'all', label: withCount('All sources', data?.pageviews) },
    ...TRAFFIC_SOURCES.map((source) => ({ value: source, label: withCount(SOURCE_LABELS[source], data?.sources.find((s) => s.source === source)?.pageviews) })),
  ];
  const seen = data?.browsers ?? [];
  // A browser chosen before the period or device changed stays choosable, with what it has now.
  const browsers: SelectOption[] = [
    { value: '', label: withCount('All browsers', data?.pageviews) },
    ...seen.map((b) => ({ value: b.browser, label: withCount(b.browser, b.pageviews) })),
    ...(choice.browser && !seen.some((b) => b.browser === choice.browser) ? [{ value: choice.browser, label: withCount(choice.browser, data ? 0 : undefined) }] : []),
  ];
  return (
    <>
      <Select<SegmentChoice['source']> label={labels[0]} options={sources} value={choice.source} onChange={(source) => onChange({ ...choice, source })} />
      <Select label={labels[1]} options={browsers} value={choice.browser} onChange={(browser) => onChange({ ...choice, browser })} />
    </>
  );
}
