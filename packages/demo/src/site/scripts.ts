// Bundles the browser scripts of the demo site (ad stand-ins, page ad setup) from TypeScript once, on first request.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const BROWSER_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'browser');

export const BROWSER_SCRIPTS = {
  '/ads/gpt.js': 'gpt-stand-in.ts',
  '/ads/adsbygoogle.js': 'adsense-stand-in.ts',
  '/assets/page-ads.js': 'page-ads.ts',
} as const;
export type BrowserScriptPath = keyof typeof BROWSER_SCRIPTS;

const bundles = new Map<BrowserScriptPath, Promise<string>>();

export function browserScript(urlPath: BrowserScriptPath): Promise<string> {
  let bundle = bundles.get(urlPath);
  if (!bundle) {
    bundle = build({
      entryPoints: [path.join(BROWSER_DIR, BROWSER_SCRIPTS[urlPath])],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2020',
      minify: true,
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0]?.text ?? '');
    // A failed build is retried on the next request rather than cached.
    bundle.catch(() => bundles.delete(urlPath));
    bundles.set(urlPath, bundle);
  }
  return bundle;
}
