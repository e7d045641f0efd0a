// The Recommendations panel of the website's Ad Units tab and of page analytics: one card per recommendation, largest
// gain first (type, unit, device, the reason, the gain, the view rate now and predicted, the evidence and confidence,
// which format values the gain rests on), or why there are none, from the server's word on each page and device. Shared here because features never import
// each other; each screen fetches with its own hook and may add a picture of the change (page analytics draws it on
// the page's screenshot) and the advice's record from the website's changes.
import type { AdviceRecordSummary, DeviceType, PageAnalysis, Recommendation, RecommendationsResponse } from '@foldline/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../ui/alert.tsx';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { Card } from '../ui/card.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { LoadingState } from '../ui/spinner.tsx';
import { adviceRecordText } from './change-text.ts';
import { RecommendationActions } from './recommendation-actions.tsx';
import {
  CONFIDENCE_LABELS,
  DEVICE_LABELS,
  TYPE_LABELS,
  anchorSelector,
  changeText,
  deviceAnalysisText,
  emptyExplanation,
  evidenceText,
  gainText,
  impressionsText,
  rangeMeaningText,
  summaryText,
  valuesText,
  viewRateText,
} from './recommendation-text.ts';

const CONFIDENCE_TONES: Record<Recommendation['confidence'], BadgeTone> = { high: 'green', medium: 'yellow', low: 'gray' };
/** An empty state lists this many page and device analyses; a website with hundreds of pages says how many more. */
const EMPTY_LIST_LIMIT = 10;

export interface RecommendationsPanelProps {
  recommendations: UseQueryResult<RecommendationsResponse>;
  /** 'website': each recommendation and analysis names its page (with a link); 'page': the screen is the page's own. */
  scope: 'website' | 'page';
  /** The device page analytics shows: its recommendations come first and, when it has none, its own analysis says
   * why. Other devices' recommendations stay below it rather than being filtered out, since the call covers them
   * anyway and hiding them would read as "nothing to do" for the page. */
  device?: DeviceType;
  /** A picture of the change beside its card (page analytics: the positions on the page's screenshot). */
  preview?: (recommendation: Recommendation) => ReactNode;
  /** The website's advice record (from its changes): how many applied recommendations delivered within their range, so
   * a publisher can judge the advice by it. */
  record?: AdviceRecordSummary | undefined;
}

export function RecommendationsPanel({ recommendations, scope, device, preview, record }: RecommendationsPanelProps) {
  return (
    <Card title="Recommendations" description="Where ads would be seen by more readers, from what readers scrolled past in the last 30 days.">
      {recommendations.isPending ? (
        <LoadingState text="Loading recommendations..." />
      ) : recommendations.isError ? (
        <Alert variant="error">Failed to load recommendations: {recommendations.error.message}</Alert>
      ) : recommendations.data.recommendations.length === 0 ? (
        <>
          {/* Shown with no recommendation left too: a publisher who applied them all most wants to know how they did. */}
          <RecordLine record={record} />
          <NoRecommendations meta={recommendations.data.meta} scope={scope} />
        </>
      ) : (
        <RecommendationList response={recommendations.data} scope={scope} device={device} preview={preview} record={record} />
      )}
    </Card>
  );
}

function RecordLine({ record }: { record: AdviceRecordSummary | undefined }) {
  const text = adviceRecordText(record);
  return text ? (
    <p className="text-sm text-slate-700" data-testid="advice-record">
      {text}
    </p>
  ) : null;
}

function RecommendationList({ response, scope, device, preview, record }: { response: RecommendationsResponse } & Omit<RecommendationsPanelProps, 'recommendations'>) {
  // The server's order (largest gain first) is kept within each group.
  const first = device ? response.recommendations.filter((r) => r.device === device) : response.recommendations;
  const others = device ? response.recommendations.filter((r) => r.device !== device) : [];
  const item = (recommendation: Recommendation) => (
    <RecommendationItem key={recommendation.id} recommendation={recommendation} scope={scope} preview={preview} values={valuesText(response.meta.values, recommendation.device)} />
  );
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{summaryText(response)}</p>
      <RecordLine record={record} />
      {device && first.length === 0 && (
        <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
          No recommendations for {device} readers: {deviceAnalysisText(response.meta, device)}
        </p>
      )}
      {first.length > 0 && <ul className="divide-y divide-slate-100">{first.map(item)}</ul>}
      {others.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Other devices</h3>
          <ul className="divide-y divide-slate-100">{others.map(item)}</ul>
        </div>
      )}
      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer font-medium text-indigo-700 hover:text-indigo-900">How each {scope === 'website' ? 'page and device' : 'device'} was analysed ({response.meta.pages.length})</summary>
        <AnalysisList pages={response.meta.pages} scope={scope} />
      </details>
    </div>
  );
}

function RecommendationItem({
  recommendation: r,
  scope,
  preview,
  values,
}: {
  recommendation: Recommendation;
  scope: 'website' | 'page';
  preview?: RecommendationsPanelProps['preview'];
  /** Which format values its ad value rests on (valuesText). */
  values: string | null;
}) {
  const anchor = anchorSelector(r);
  return (
    <li className="flex flex-col gap-4 py-4 sm:flex-row">
      {preview?.(r)}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="blue">{TYPE_LABELS[r.type]}</Badge>
          <Badge>{DEVICE_LABELS[r.device]}</Badge>
          <Badge tone={CONFIDENCE_TONES[r.confidence]}>{CONFIDENCE_LABELS[r.confidence]}</Badge>
        </div>
        <h3 className="break-all font-medium text-slate-900">{r.type === 'new_ad_placement' ? `New ${r.recommended_ad_format} unit` : `Ad unit ${r.ad_unit_name}`}</h3>
        {scope === 'website' && (
          <p className="text-sm text-slate-600">
            On{' '}
            <Link to={`/dashboard/pages/${r.page_id}`} className="font-medium text-indigo-700 hover:text-indigo-900">
              {r.page_title}
            </Link>
          </p>
        )}
        <p className="text-sm text-slate-700">{r.reason}</p>
        <p className="font-semibold tabular-nums text-green-700">{gainText(r)}</p>
        <p className="text-sm text-slate-800">{changeText(r)}.</p>
        {anchor && (
          <p className="break-all text-xs text-slate-500">
            {anchor.label} <code className="rounded bg-slate-100 px-1 py-0.5 text-slate-700">{anchor.selector}</code>
          </p>
        )}
        <p className="text-sm tabular-nums text-slate-600">{impressionsText(r)}</p>
        <p className="text-sm tabular-nums text-slate-600">{viewRateText(r)}.</p>
        <p className="text-xs text-slate-500">{rangeMeaningText(r)}.</p>
        {values && (
          <p className="text-xs text-slate-500" data-testid="advice-values">
            {values}.
          </p>
        )}
        <p className="text-xs text-slate-500">{evidenceText(r)}.</p>
        <RecommendationActions recommendation={r} />
      </div>
    </li>
  );
}

function NoRecommendations({ meta, scope }: { meta: RecommendationsResponse['meta']; scope: 'website' | 'page' }) {
  const { title, description, pages } = emptyExplanation(meta);
  const shown = pages.slice(0, EMPTY_LIST_LIMIT);
  const rest = pages.length - shown.length;
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        pages.length > 0 && (
          <div className="text-left text-sm text-slate-700">
            <AnalysisList pages={shown} scope={scope} />
            {rest > 0 && <p className="mt-2 text-slate-500">…and {rest} more with fewer readers.</p>}
          </div>
        )
      }
    />
  );
}

function AnalysisList({ pages, scope }: { pages: readonly PageAnalysis[]; scope: 'website' | 'page' }) {
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5">
      {pages.map((page) => (
        <li key={`${page.page_id}:${page.device}`}>
          <span className="font-medium">
            {scope === 'website' ? `${page.page_title} (${page.device})` : DEVICE_LABELS[page.device]}:
          </span>{' '}
          {page.message}
        </li>
      ))}
    </ul>
  );
}
