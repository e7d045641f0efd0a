// Which of a website's ad units a report's unit is (issue 23 §2). Foldline knows a unit by its key on the website
// (contracts' adUnitKey): the GPT ad unit path the tracker read from googletag ('/21700045/daily_gazette/article_top'),
// the AdSense slot from data-ad-slot ('4821596307'), else the slot's key on the page. Reports name units their own
// way: Ad Manager by the path's levels ('daily_gazette » article_top', or only the last, 'article_top'), AdSense by
// 'ca-pub-…:4821596307'. A unit the rules find twice over is left unmatched rather than guessed.

/** Each report unit's matching unit key, or null when none (or more than one) matches. */
export function matchReportUnits(reportUnits: Iterable<string>, unitKeys: Iterable<string>): Map<string, string | null> {
  const exact = new Map<string, string>();
  const byLastSegment = new Map<string, Array<{ key: string; segments: string[] }>>();
  for (const key of unitKeys) {
    exact.set(key.trim().toLowerCase(), key);
    const segments = segmentsOf(key);
    if (segments.length < 2 && !key.includes('/')) continue;
    const last = segments.at(-1);
    if (!last) continue;
    const list = byLastSegment.get(last);
    if (list) list.push({ key, segments });
    else byLastSegment.set(last, [{ key, segments }]);
  }
  const matches = new Map<string, string | null>();
  for (const unit of reportUnits) {
    if (!matches.has(unit)) matches.set(unit, matchOne(unit, exact, byLastSegment));
  }
  return matches;
}

function matchOne(unit: string, exact: Map<string, string>, byLastSegment: Map<string, Array<{ key: string; segments: string[] }>>): string | null {
  const whole = exact.get(unit.trim().toLowerCase());
  if (whole) return whole;
  const slot = adsenseSlotOf(unit);
  if (slot) return exact.get(slot) ?? null;
  const segments = segmentsOf(unit);
  const last = segments.at(-1);
  if (!last) return null;
  const found = (byLastSegment.get(last) ?? []).filter((candidate) => endsWith(candidate.segments, segments));
  return found.length === 1 ? found[0]!.key : null;
}

/** The AdSense slot a report unit names: the number after the colon of 'ca-pub-1234:4567890123' (wherever it stands,
 * as in 'Home rectangle (ca-pub-1234:4567890123)'), or a slot number alone. */
export function adsenseSlotOf(unit: string): string | undefined {
  return unit.match(/ca-pub-\d+:(\d+)/)?.[1] ?? unit.trim().match(/^(\d{6,})$/)?.[1];
}

/**
 * A path's or a report unit's levels, compared loosely: '/1234/news/article_top', 'news > article_top',
 * 'News » Article top (21812345678)' all end in 'article_top'. Ad Manager names a level by its name, which may be the
 * code with spaces for underscores and its id in brackets.
 */
function segmentsOf(text: string): string[] {
  return text
    .split(/\s*(?:»|›|>|\/)\s*/)
    .map((segment) =>
      segment
        .replace(/\s*\(\d+\)$/, '')
        .trim()
        .toLowerCase()
        .replace(/[\s_-]+/g, '_'),
    )
    .filter(Boolean);
}

const endsWith = (path: string[], tail: string[]) => tail.length <= path.length && tail.every((segment, index) => path[path.length - tail.length + index] === segment);
