// The built tracker, read on first request: from packages/tracker/dist when `npm run build` made it fresh, else
// built in memory (development and tests run from source without a build step).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildTracker, distIsFresh, TRACKER_DIST_FILE } from '@foldline/tracker/build';

export interface TrackerScript {
  source: string;
  /** The same, gzipped once (the size budget is counted gzipped; most publishers' readers accept gzip). */
  gzipped: Buffer;
  /** Strong ETags of the exact bytes served: plain and gzipped are different representations. */
  etag: string;
  gzipEtag: string;
}

let loaded: Promise<TrackerScript> | undefined;

export function trackerScript(): Promise<TrackerScript> {
  loaded ??= (async () => {
    const source = distIsFresh() ? readFileSync(TRACKER_DIST_FILE, 'utf8') : await buildTracker();
    const hash = createHash('sha256').update(source).digest('base64url').slice(0, 27);
    return { source, gzipped: gzipSync(source, { level: 9 }), etag: `"${hash}"`, gzipEtag: `"${hash}-gz"` };
  })();
  // A failed build is retried by the next request rather than cached.
  loaded.catch(() => (loaded = undefined));
  return loaded;
}
