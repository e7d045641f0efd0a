// Which origin a page's 'View Page' link and screenshots use, from the origins its readers' beacons report. A beacon
// names its page's origin, and any visitor can send one: taking the latest let a single beacon point the link at any
// subdomain, any port, or plain http. So the origin most readers report wins, and https is never given up for http
// on the same host.

/** Origins remembered per page: a page is reached under a handful at most (www or not, http or https). */
const MAX_ORIGINS = 8;

/** Counts one more sighting of an origin on a page (the counts stay small: a new origin beyond the bound is not kept). */
export function countOrigin(counts: Map<string, number>, origin: string): void {
  if (!origin) return;
  const known = counts.get(origin);
  if (known !== undefined) counts.set(origin, known + 1);
  else if (counts.size < MAX_ORIGINS) counts.set(origin, 1);
}

/** The origin to keep: the one seen most (https first on a tie), never plain http where https on the same host is
 * what is kept now. `current` is the stored origin ('' or null before any). */
export function preferredOrigin(counts: ReadonlyMap<string, number>, current: string | null): string | null {
  let best: string | null = null;
  let most = 0;
  for (const [origin, n] of counts) {
    if (n > most || (n === most && best !== null && origin.startsWith('https:') && !best.startsWith('https:'))) {
      best = origin;
      most = n;
    }
  }
  if (best === null) return current;
  if (current && best.startsWith('http:') && current.startsWith('https:') && hostOf(best) === hostOf(current)) return current;
  return best;
}

const hostOf = (origin: string) => origin.replace(/^https?:\/\//, '').replace(/:\d+$/, '');
