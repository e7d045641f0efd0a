// Page analytics' "Ad experience" card (issue 24): the page's layout shift from ads against everything else, and per
// unit its fill, time in view, refreshes and the layout shift it caused, on the screen's period and device.
import type { DeviceType, PageAnalysis, Period } from '@foldline/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { useAdExperience } from '../api/get-ad-experience.ts';
import { densityText, pageShiftText, reserveText, shiftRating, unitFiguresText, unitShiftText } from '../lib/ad-experience-text.ts';

/** `analysis` is the placement advice's analysis of the page on the device (the last 30 days): its ad density; 'loading'
 * while it is asked for. */
export function AdExperiencePanel({ pageId, period, device, analysis }: { pageId: string; period: Period; device: DeviceType; analysis: PageAnalysis | undefined | 'loading' }) {
  const experience = useAdExperience({ pageId, period, deviceType: device });
  const density = analysis === 'loading' ? { text: 'Loading ad density...', over: null } : densityText(analysis, device);
  return (
    <Card title="Ad experience" description="What this page's ads do to its readers: ad density, fill, time in view, refreshes and the layout shift each causes.">
      <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="ad-density">
        {density.text} {density.over !== null && <Badge tone={density.over ? 'red' : 'green'}>{density.over ? 'Over the limit' : 'Within the limit'}</Badge>}
      </p>
      {experience.isPending ? (
        <LoadingState text="Loading ad experience..." />
      ) : experience.isError ? (
        <Alert variant="error">Failed to load ad experience: {experience.error.message}</Alert>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {pageShiftText(experience.data.data.page)}{' '}
            {experience.data.data.page.measured_pageviews > 0 && <Badge tone={shiftRating(experience.data.data.page.layout_shift_ads_p75).tone}>Ads: {shiftRating(experience.data.data.page.layout_shift_ads_p75).label}</Badge>}
          </p>
          <ul className="divide-y divide-slate-100">
            {experience.data.data.units
              .filter((unit) => unit.impressions + unit.empty > 0)
              .map((unit) => (
                <li key={unit.ad_unit_id} className="space-y-1 py-3">
                  <p className="break-all font-medium text-slate-900">
                    {unit.name} <span className="text-sm font-normal text-slate-500">{unit.format}</span>
                  </p>
                  <p className="text-sm text-slate-700">{unitFiguresText(unit)}</p>
                  {unitShiftText(unit) && (
                    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                      {unitShiftText(unit)}
                      {unit.layout_shift_p75 !== null && unit.layout_shift_p75 > 0 && <Badge tone={shiftRating(unit.layout_shift_p75).tone}>{shiftRating(unit.layout_shift_p75).label}</Badge>}
                    </p>
                  )}
                  {reserveText(unit) && <p className="rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900">{reserveText(unit)}</p>}
                </li>
              ))}
          </ul>
          {experience.data.data.units.every((unit) => unit.impressions + unit.empty === 0) && <p className="text-sm text-slate-600">No ad rendered on {device} in this period.</p>}
        </div>
      )}
    </Card>
  );
}
