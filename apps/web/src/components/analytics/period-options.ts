// The period choices of the analytics screens, with the specification's labels (section 2).
import type { HeatmapPeriod, Period } from '@foldline/contracts';
import type { SelectOption } from '../ui/select.tsx';

export const PERIOD_OPTIONS: readonly SelectOption<Period>[] = [
  { value: 'day', label: 'Last 24 hours' },
  { value: 'week', label: 'Last 7 days' },
  { value: 'month', label: 'Last 30 days' },
  { value: 'quarter', label: 'Last 90 days' },
  { value: 'year', label: 'Last year' },
];

/** Page analytics offers no year (specification section 2): its periods are the heatmaps'. */
export const PAGE_PERIOD_OPTIONS = PERIOD_OPTIONS.filter((option): option is SelectOption<HeatmapPeriod> => option.value !== 'year');
