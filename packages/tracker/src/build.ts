// Builds the tracker into one minified IIFE (packages/tracker/dist/tracker.js); also used in memory by the server
// when no fresh build exists (development and tests run from source).
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
export const TRACKER_SOURCE_FILE = path.join(here, 'tracker.ts');
export const TRACKER_DIST_FILE = path.join(here, '..', 'dist', 'tracker.js');
/** The size budget of the built tracker, gzipped. */
export const TRACKER_GZIP_BUDGET = 4096;

export async function buildTracker(): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [TRACKER_SOURCE_FILE],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    write: false,
    legalComments: 'none',
    // Not the repository's tsconfig: its strict mode would add a "use strict" directive (10 bytes gzipped) that the IIFE
    // does not need. The tracker imports only relative files, so nothing else of the tsconfig applies.
    tsconfigRaw: {},
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no tracker output');
  return file.text;
}

export const gzippedSize = (source: string): number => gzipSync(source, { level: 9 }).length;

/** True when dist/tracker.js exists and is newer than the source. */
export function distIsFresh(): boolean {
  try {
    return statSync(TRACKER_DIST_FILE).mtimeMs >= statSync(TRACKER_SOURCE_FILE).mtimeMs;
  } catch {
    return false;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const source = await buildTracker();
  mkdirSync(path.dirname(TRACKER_DIST_FILE), { recursive: true });
  writeFileSync(TRACKER_DIST_FILE, source);
  const size = gzippedSize(source);
  console.log(`tracker: ${source.length} bytes, ${size} bytes gzipped (budget ${TRACKER_GZIP_BUDGET})`);
  if (size > TRACKER_GZIP_BUDGET) {
    console.error('tracker: over the size budget');
    process.exit(1);
  }
}
