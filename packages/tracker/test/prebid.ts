// Real Prebid.js for the tracker's browser tests: the prebid.js npm package (core, two bidder adapters and the
// debugging module) bundled into one script by esbuild, as a publisher's own build would make it. Bids are answered on
// this machine by Prebid's debugging module (its bid interceptor mocks each bidder's response from rules a test
// sets), so an auction, its bidsReceived, auctionEnd and bidWon are Prebid's own.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const ENTRY = `
import pbjs from 'prebid.js';
import 'prebid.js/modules/appnexusBidAdapter';
import 'prebid.js/modules/rubiconBidAdapter';
import 'prebid.js/modules/debugging';
// An npm build runs the page's queued commands itself.
pbjs.processQueue();
`;

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
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no Prebid.js bundle');
  return file.text;
}
