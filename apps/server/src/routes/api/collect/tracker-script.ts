// The built tracker, read on first request: from packages/tracker/dist when `npm run build` made it fresh, else
// built in memory (development and tests run from source without a build step).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { buildTracker, distIsFresh, TRACKER_DIST_FILE } from '@foldline/tracker/build';

export interface TrackerScript {
  source: string;
  /** Strong ETag of the exact bytes served. */
  etag: string;
}

let loaded: Promise<TrackerScript> | undefined;

export function trackerScript(): Promise<TrackerScript> {
  loaded ??= (async () => {
    const source = distIsFresh() ? readFileSync(TRACKER_DIST_FILE, 'utf8') : await buildTracker();
    return { source, etag: `"${createHash('sha256').update(source).digest('base64url').slice(0, 27)}"` };
  })();
  // A failed build is retried by the next request rather than cached.
  loaded.catch(() => (loaded = undefined));
  return loaded;
}
