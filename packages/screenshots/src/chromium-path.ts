// Finds the Chromium executable: CHROMIUM_PATH when set, else the usual install paths of Debian, Ubuntu and Chrome.
import { accessSync, constants, statSync } from 'node:fs';
import { ScreenshotError } from './errors.ts';

/** How this project starts the system Chromium headless (screenshots, browser tests, benchmarks): no sandbox (root in
 * containers), no GPU, and none of the background connections that a machine without internet answers with errors. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/snap/bin/chromium'];

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    // For root, access() passes any file or directory: ask for a regular file with an execute bit.
    const stats = statSync(file);
    return stats.isFile() && (stats.mode & 0o111) !== 0;
  } catch {
    return false;
  }
};

/** The executable to launch; a ScreenshotError (503) saying how to install one when there is none. */
export function findChromium(explicitPath: string | undefined, candidates: readonly string[] = CHROMIUM_CANDIDATES): string {
  if (explicitPath) {
    if (isExecutable(explicitPath)) return explicitPath;
    throw new ScreenshotError(503, `Screenshots need Chromium, but CHROMIUM_PATH (${explicitPath}) is not an executable file.`);
  }
  const found = candidates.find(isExecutable);
  if (found) return found;
  throw new ScreenshotError(
    503,
    `Screenshots need Chromium, which was not found (looked in ${candidates.join(', ')}). ` +
      'Install the Debian package chromium (apt-get install chromium) or set CHROMIUM_PATH to its executable.',
  );
}
