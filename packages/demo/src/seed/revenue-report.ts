// The demo's Ad Manager revenue report (issue 23 §2): a sample export of the Daily Gazette's GPT units over 30 days
// (ad-manager-report.csv, beside this file), which the seed imports as a publisher would upload it. Its impressions are
// the simulator's own for those days (article_rail's with its 30 s refreshes: 1.21 impressions per pageview that shows
// it) plus the 1–6 % an ad server counts beyond what the page measures, at CPMs of about 0.5–2.7 USD by position, lower
// at weekends and rising towards the year's end. One unit of the report, newsletter_banner, runs in the newsletter, not
// on the site: the import has it to show as unmatched.
import { readFileSync } from 'node:fs';
import { DAY_MS } from '../simulator/traffic.ts';

const SAMPLE = new URL('./ad-manager-report.csv', import.meta.url);
const DATED_LINE = /^(\d{4}-\d{2}-\d{2}),/;

/**
 * The sample with its days moved to the end of the demo's history: its last day becomes the history's last complete
 * day (yesterday when the history ends now; Ad Manager reports a day once it is over), and days before the history
 * are left out, with the Total line then (it would no longer add up). Undefined when no day is left.
 */
export function demoRevenueReport(history: { end: number; days: number }): string | undefined {
  const today = Math.floor(history.end / DAY_MS) * DAY_MS;
  const lastDay = today - DAY_MS;
  const firstDay = today - (history.days - 1) * DAY_MS;
  const lines = readFileSync(SAMPLE, 'utf8').trimEnd().split('\n');
  const sampleLast = Math.max(...lines.map((line) => line.match(DATED_LINE)?.[1]).filter(Boolean).map((day) => Date.parse(`${day}T00:00:00Z`)));
  const shift = lastDay - sampleLast;
  let dropped = false;
  const kept = lines.flatMap((line) => {
    const day = line.match(DATED_LINE)?.[1];
    if (!day) return [line];
    const moved = Date.parse(`${day}T00:00:00Z`) + shift;
    if (moved < firstDay) {
      dropped = true;
      return [];
    }
    return [`${new Date(moved).toISOString().slice(0, 10)}${line.slice(day.length)}`];
  });
  const report = dropped ? kept.filter((line) => !line.startsWith('Total,')) : kept;
  return report.some((line) => DATED_LINE.test(line)) ? `${report.join('\n')}\n` : undefined;
}
