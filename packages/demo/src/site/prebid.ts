// The demo site's Prebid.js (/assets/prebid.js): the prebid.js npm package with two bidder adapters, its debugging and
// DevTools modules, bundled by esbuild as a publisher's own build would make it, plus the demo's local bidders
// (browser/local-bids.ts). `npm run build` writes it to packages/demo/dist/prebid.js; without a fresh build
// (development, tests run from source) it is built in memory on first request. Nothing in it fetches from a CDN.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const LOCAL_BIDS_FILE = path.join(here, 'browser', 'local-bids.ts');
/** The demo's own files in the bundle: this one (the entry), the local bidders and what they import. */
const SOURCE_FILES = [fileURLToPath(import.meta.url), LOCAL_BIDS_FILE, path.join(here, 'browser', 'ad-server.ts'), path.join(here, 'advertisers.ts')];
export const PREBID_DIST_FILE = path.join(here, '..', '..', 'dist', 'prebid.js');

/** The entry point, as Prebid documents its use as an npm dependency. Debug mode, which the debugging module turns on,
 * makes Prebid load its DevTools module from `distUrlBase` unless it is in the bundle: it is. */
const ENTRY = `
import pbjs from 'prebid.js';
import 'prebid.js/modules/appnexusBidAdapter';
import 'prebid.js/modules/rubiconBidAdapter';
import 'prebid.js/modules/debugging';
import 'prebid.js/modules/devtoolsMcp';
import { answerBidsLocally } from ${JSON.stringify(LOCAL_BIDS_FILE)};
answerBidsLocally(pbjs);
// An npm build runs the page's queued commands itself, here after the local bidders are in place.
pbjs.processQueue();
`;

const require = createRequire(import.meta.url);

let packageFile: { file: string | undefined } | undefined;

/** The prebid.js package's own file, or undefined when it is not installed (looked up once). */
function prebidPackageFile(): string | undefined {
  if (!packageFile) {
    try {
      packageFile = { file: require.resolve('prebid.js') };
    } catch {
      packageFile = { file: undefined };
    }
  }
  return packageFile.file;
}

/**
 * Prebid's build options (its documented customisation, here for esbuild as its webpack loader and Rollup plugin do
 * it): `distUrlBase`, where Prebid loads the modules a build left out from, is this site's own /assets/prebid/
 * instead of a CDN, so a module missing from the bundle fails on this machine rather than fetching from the internet.
 */
const localBuildOptions: Plugin = {
  name: 'prebid-build-options',
  setup(build) {
    build.onLoad({ filter: /[\\/]prebid\.js[\\/]dist[\\/]src[\\/]buildOptions\.mjs$/ }, async (args) => {
      const defaults = ((await import(pathToFileURL(args.path).href)) as { default: Record<string, unknown> }).default;
      return { contents: `export default ${JSON.stringify({ ...defaults, distUrlBase: '/assets/prebid/' })};`, loader: 'js' };
    });
  },
};

export async function buildPrebid(): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    stdin: { contents: ENTRY, resolveDir: here, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    write: false,
    legalComments: 'none',
    logLevel: 'error',
    plugins: [localBuildOptions],
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no Prebid.js bundle');
  return file.text;
}

const mtime = (file: string): number => statSync(file).mtimeMs;

/** True when dist/prebid.js exists and is newer than what it is built from: the demo's files and the package. */
function distIsFresh(): boolean {
  try {
    const packageFile = prebidPackageFile();
    const sources = packageFile ? [...SOURCE_FILES, packageFile] : SOURCE_FILES;
    return mtime(PREBID_DIST_FILE) >= Math.max(...sources.map(mtime));
  } catch {
    return false;
  }
}

/** Whether pages load Prebid: there is a build, or the package to make one. Without either they go without. */
export function prebidAvailable(): boolean {
  return prebidPackageFile() !== undefined || existsSync(PREBID_DIST_FILE);
}

let loaded: Promise<string> | undefined;

/** The bundle: the fresh build's file, else built in memory once (or the stale file when it cannot be built). */
export function prebidScript(): Promise<string> {
  loaded ??= (async () => {
    if (distIsFresh() || !prebidPackageFile()) return readFileSync(PREBID_DIST_FILE, 'utf8');
    return buildPrebid();
  })();
  // A failed build is retried by the next request rather than cached.
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const source = await buildPrebid();
  mkdirSync(path.dirname(PREBID_DIST_FILE), { recursive: true });
  writeFileSync(PREBID_DIST_FILE, source);
  console.log(`demo Prebid.js: ${source.length} bytes (${path.relative(process.cwd(), PREBID_DIST_FILE)})`);
}
