// One Chromium for every capture: launched on first use (not at server start), launched again after a crash or
// disconnect, closed at shutdown.
import type { Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from './chromium-path.ts';
import { ScreenshotError } from './errors.ts';

const ARGS = [
  ...CHROMIUM_FLAGS,
  // WebRTC could reach addresses over UDP around the egress proxy: only proxied connections are allowed.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

export interface SharedBrowser {
  get(): Promise<Browser>;
  /** How many times Chromium was launched (a cache hit never launches it). */
  readonly launches: number;
  close(): Promise<void>;
}

export function createSharedBrowser(options: { chromiumPath?: string; logger?: { warn(...a: unknown[]): void } }): SharedBrowser {
  let current: Promise<Browser> | undefined;
  let launches = 0;
  let closed = false;

  async function launch(): Promise<Browser> {
    const executablePath = findChromium(options.chromiumPath);
    launches += 1;
    try {
      // Playwright is loaded here, not with the module: it is some 0.7 s of a core to load, which every start of the
      // server (and of each API test file) paid, most of them never taking a screenshot.
      const { chromium } = await import('playwright-core');
      return await chromium.launch({
        executablePath,
        args: ARGS,
        timeout: 30_000,
        // The host owns the signals: Playwright's SIGINT handler exits the process once Chromium is closed, before
        // the server has flushed what it acknowledged. Chromium is still killed when the process exits.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch {
      throw new ScreenshotError(503, `Chromium (${executablePath}) could not be started.`);
    }
  }

  return {
    get launches() {
      return launches;
    },
    get() {
      if (closed) return Promise.reject(new ScreenshotError(503, 'The screenshot service is shutting down.'));
      if (!current) {
        const attempt: Promise<Browser> = launch().then((browser) => {
          browser.on('disconnected', () => {
            if (current !== attempt) return;
            current = undefined;
            if (!closed) options.logger?.warn('screenshots: Chromium disconnected; it is launched again on the next capture');
          });
          return browser;
        });
        // A failed launch is tried again on the next capture (Chromium may have been installed meanwhile).
        attempt.catch(() => {
          if (current === attempt) current = undefined;
        });
        current = attempt;
      }
      return current;
    },
    async close() {
      closed = true;
      const browser = await current?.catch(() => undefined);
      current = undefined;
      await browser?.close();
    },
  };
}
