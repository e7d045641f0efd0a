// Finding Chromium: CHROMIUM_PATH first, else the usual paths, else a message that says how to install it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium } from '../src/chromium-path.ts';
import { ScreenshotError } from '../src/errors.ts';

describe('findChromium', () => {
  it('takes CHROMIUM_PATH when it is an executable, else the first usual path that is', () => {
    expect(findChromium(process.execPath)).toBe(process.execPath);
    expect(findChromium(undefined, ['/nonexistent/chrome', process.execPath])).toBe(process.execPath);
  });

  it('names the Debian package when there is none, and a bad CHROMIUM_PATH by its value', () => {
    const missing = () => findChromium(undefined, ['/nonexistent/chromium']);
    expect(missing).toThrow(ScreenshotError);
    expect(missing).toThrow(
      'Screenshots need Chromium, which was not found (looked in /nonexistent/chromium). Install the Debian package chromium (apt-get install chromium) or set CHROMIUM_PATH to its executable.',
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'foldline-chromium-'));
    try {
      const notExecutable = path.join(dir, 'chromium');
      writeFileSync(notExecutable, '', { mode: 0o644 });
      for (const bad of [notExecutable, dir]) {
        expect(() => findChromium(bad)).toThrow(`Screenshots need Chromium, but CHROMIUM_PATH (${bad}) is not an executable file.`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    try {
      missing();
    } catch (error) {
      expect((error as ScreenshotError).statusCode).toBe(503);
    }
  });
});
