// The Revenue and RPM cards beside the specification's KPI cards (dashboard home, website overview), or, without
// revenue data, one card saying so with the way to get some: the website's Settings tab.
import type { RevenueKpis } from '@foldline/contracts';
import { Link } from 'react-router';
import { formatPercent } from '../../lib/format.ts';
import { KpiCard } from './kpi-card.tsx';
import { hasRevenueData, NO_REVENUE_DATA, revenueCards } from './revenue-text.ts';

export interface RevenueKpiCardsProps {
  revenue: RevenueKpis | undefined;
  /** Where "Settings" leads: the website's Settings tab, or the websites list for several. */
  settingsLink: string;
  changeStyle?: 'signed' | 'arrow';
  /** Grid classes of each card, and of the one empty-state card standing for both. */
  cardClassName?: string;
  emptyClassName?: string;
}

export function RevenueKpiCards({ revenue, settingsLink, changeStyle = 'signed', cardClassName = '', emptyClassName = '' }: RevenueKpiCardsProps) {
  if (!hasRevenueData(revenue)) {
    return (
      <div className={`min-w-0 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 ${emptyClassName}`} data-testid="revenue-empty">
        <h3 className="text-sm font-medium text-slate-600">Revenue and RPM</h3>
        <p className="mt-2 text-sm text-slate-600">
          {NO_REVENUE_DATA}{' '}
          <Link to={settingsLink} className="font-medium text-indigo-700 hover:text-indigo-900">
            Settings
          </Link>
        </p>
      </div>
    );
  }
  const cards = revenueCards(revenue);
  return (
    <>
      {/* Relative changes, like impressions (DESIGN.md). */}
      <KpiCard title="Revenue" {...cards.revenue} formatMagnitude={formatPercent} changeStyle={changeStyle} className={cardClassName} />
      <KpiCard title="RPM" {...cards.rpm} formatMagnitude={formatPercent} changeStyle={changeStyle} className={cardClassName} />
    </>
  );
}
