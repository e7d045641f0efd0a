// Bundles the browser/ scripts (browser/entry.ts: layout.ts and readers-view.ts, with the tracker's selector module)
// into one self-contained script and calls it in a page. Bundled by esbuild rather than passed as functions: tsx wraps
// named functions in __name() helpers that do not exist inside the page, and the selector must be the tracker's own
// code, not a copy.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { ContentOutline } from '@foldline/contracts/content-outline';
import type { Box } from './browser/layout.ts';
import type { AdBox } from './browser/readers-view.ts';

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'browser', 'entry.ts');
const GLOBAL = '__foldlineLayout';

let bundle: Promise<string> | undefined;

/** The bundled page script: `var __foldlineLayout = (() => { … })();`. Built once per process. */
export function layoutScript(): Promise<string> {
  bundle ??= import('esbuild')
    .then((esbuild) =>
      esbuild.build({ entryPoints: [ENTRY], bundle: true, write: false, format: 'iife', globalName: GLOBAL, target: 'es2019', logLevel: 'silent' }),
    )
    .then((result) => {
      const text = result.outputFiles[0]?.text;
      if (!text) throw new Error('esbuild produced no layout script');
      return text;
    });
  bundle.catch(() => (bundle = undefined));
  return bundle;
}

/** Calls one of the layout functions in the page; the script stays in a function scope (no page global). */
async function call<T>(page: Page, expression: string): Promise<T> {
  const script = await layoutScript();
  return page.evaluate(`(() => {\n${script}\nreturn ${GLOBAL}.${expression};\n})()`) as Promise<T>;
}

export const scrollThrough = (page: Page, maxHeight: number, pauseMs: number, budgetMs: number) =>
  call<void>(page, `scrollThrough(${maxHeight}, ${pauseMs}, ${budgetMs})`);

export const documentHeight = (page: Page) => call<number>(page, 'documentHeight()');

export const layoutWidth = (page: Page) => call<number>(page, 'layoutWidth()');

export const elementMap = (page: Page) => call<Record<string, Box>>(page, 'elementMap()');

export const elementLabels = (page: Page) => call<Record<string, readonly [string, string]>>(page, 'elementLabels()');

export const contentOutline = (page: Page) => call<ContentOutline | null>(page, 'contentOutline()');

export const hideOverlays = (page: Page) => call<number>(page, 'hideOverlays()');

export const loadLazyImages = (page: Page, maxHeight: number) => call<number>(page, `loadLazyImages(${maxHeight})`);

export const drawEmptyAdSlots = (page: Page) => call<AdBox[]>(page, 'drawEmptyAdSlots()');
