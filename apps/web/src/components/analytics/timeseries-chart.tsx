// The time-series chart of the dashboards, drawn as SVG: ad impressions as bars (left axis) and viewability as a
// line (right axis, 0–100 %). The same figures are available to screen readers as a table. The SVG is drawn at the
// width it is shown at, one unit a CSS pixel, so its text stays 12 px on a phone instead of shrinking with the chart.
import type { TimeseriesResponse } from '@foldline/contracts';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { formatCompact, formatCtr, formatNumber, formatPercent } from '../../lib/format.ts';

/** The width drawn before the first measurement (and where nothing measures, as in unit tests). */
const DEFAULT_WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 44, bottom: 28, left: 52 };
/** Room for one date or time label under the axis ('Nov 28', '10:00 PM' at 12 px). */
const LABEL_SPACING = 64;
const TEXT = 'fill-slate-500 text-xs';

/** The element's content width in CSS pixels, kept current as it resizes. */
function useWidth<E extends HTMLElement>(): [RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

function label(time: string, interval: TimeseriesResponse['interval']): string {
  if (interval === 'day') {
    const [year, month, day] = time.split('-').map(Number);
    return new Date(year!, month! - 1, day!).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
  }
  return new Date(time).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** A round upper bound for the impressions axis. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * magnitude).find((candidate) => candidate >= value) ?? value;
}

export function TimeseriesChart({ series }: { series: TimeseriesResponse }) {
  const [box, width] = useWidth<HTMLDivElement>();
  const points = series.points;
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const max = niceMax(Math.max(0, ...points.map((p) => p.impressions)));
  const step = points.length > 0 ? plotWidth / points.length : plotWidth;
  const x = (index: number) => PAD.left + index * step + step / 2;
  const yImpressions = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const yPercent = (value: number) => PAD.top + plotHeight - (Math.min(100, Math.max(0, value)) / 100) * plotHeight;
  // Viewability is undefined without impressions: the line breaks there instead of dropping to 0 %.
  const line = points
    .map((p, i) => {
      if (p.impressions === 0) return '';
      const previousMeasured = i > 0 && points[i - 1]!.impressions > 0;
      return `${previousMeasured ? 'L' : 'M'}${x(i).toFixed(1)},${yPercent(p.viewability).toFixed(1)}`;
    })
    .join(' ');
  const lone = points.filter((p, i) => p.impressions > 0 && !(points[i - 1]?.impressions) && !(points[i + 1]?.impressions));
  const labelEvery = Math.max(1, Math.ceil(points.length / Math.max(1, Math.floor(plotWidth / LABEL_SPACING))));
  const total = points.reduce((sum, p) => sum + p.impressions, 0);

  return (
    <figure>
      <div ref={box}>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width={width}
          height={HEIGHT}
          className="block max-w-full"
          role="img"
          aria-label={`Ad impressions (${formatNumber(total)} in total) and viewability per ${series.interval}`}
        >
          {[0, 0.5, 1].map((share) => (
            <g key={share}>
              <line x1={PAD.left} x2={width - PAD.right} y1={PAD.top + plotHeight * (1 - share)} y2={PAD.top + plotHeight * (1 - share)} className="stroke-slate-200" />
              <text x={PAD.left - 6} y={PAD.top + plotHeight * (1 - share) + 4} textAnchor="end" className={TEXT}>
                {formatCompact(max * share)}
              </text>
              <text x={width - PAD.right + 6} y={PAD.top + plotHeight * (1 - share) + 4} className={TEXT}>
                {`${100 * share}%`}
              </text>
            </g>
          ))}
          {points.map((p, i) => (
            <rect key={p.time} x={x(i) - step * 0.35} width={step * 0.7} y={yImpressions(p.impressions)} height={PAD.top + plotHeight - yImpressions(p.impressions)} className="fill-indigo-300">
              <title>{`${label(p.time, series.interval)}: ${formatNumber(p.impressions)} impressions, ${formatPercent(p.viewability)} viewable`}</title>
            </rect>
          ))}
          {line.trim() && <path d={line} fill="none" strokeWidth={2} className="stroke-emerald-600" />}
          {lone.map((p) => (
            <circle key={p.time} cx={x(points.indexOf(p))} cy={yPercent(p.viewability)} r={3} className="fill-emerald-600" />
          ))}
          {points.map((p, i) =>
            i % labelEvery === 0 ? (
              <text key={p.time} x={x(i)} y={HEIGHT - 8} textAnchor="middle" className={TEXT}>
                {label(p.time, series.interval)}
              </text>
            ) : null,
          )}
        </svg>
      </div>
      <figcaption className="mt-2 flex gap-4 text-xs text-slate-600">
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-indigo-300" aria-hidden="true" /> Ad impressions
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-emerald-600" aria-hidden="true" /> Viewability
        </span>
      </figcaption>
      {/* sr-only on the table itself does not shrink it (a table is as wide as its content): wrap it. */}
      <div className="sr-only">
      <table>
        <caption>Impressions and viewability per {series.interval}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Pageviews</th>
            <th scope="col">Ad impressions</th>
            <th scope="col">Viewability</th>
            <th scope="col">CTR</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.time}>
              <td>{label(p.time, series.interval)}</td>
              <td>{formatNumber(p.pageviews)}</td>
              <td>{formatNumber(p.impressions)}</td>
              <td>{formatPercent(p.viewability)}</td>
              <td>{formatCtr(p.ctr)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}
