// How each device class is rendered: its reference width (the heatmaps' layout), a typical screen height, and an
// ordinary browser's user agent, so sites serve the layout their phone, tablet and desktop readers get.
import { REFERENCE_WIDTHS, type DeviceType } from '@foldline/contracts';
import type { BrowserContextOptions } from 'playwright-core';

const SCREEN_HEIGHTS: Record<DeviceType, number> = { mobile: 812, tablet: 1024, desktop: 1080 };

// Chrome's reduced user agents (what Chrome itself sends since 2023): sites see a phone, a tablet or a Windows PC,
// never "HeadlessChrome", which many sites answer with a bot page or no ads. navigator.webdriver stays true, so ad
// networks can tell the capture from a reader and count no impression for it.
const userAgent = (device: DeviceType, major: string): string => {
  const engine = `AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0`;
  if (device === 'mobile') return `Mozilla/5.0 (Linux; Android 10; K) ${engine} Mobile Safari/537.36`;
  if (device === 'tablet') return `Mozilla/5.0 (Linux; Android 10; K) ${engine} Safari/537.36`;
  return `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${engine} Safari/537.36`;
};

/** Context options of a device; `browserVersion` is Chromium's (e.g. '156.0.8078.79'). */
export function deviceContextOptions(device: DeviceType, browserVersion: string): BrowserContextOptions {
  const touch = device !== 'desktop';
  return {
    viewport: { width: REFERENCE_WIDTHS[device], height: SCREEN_HEIGHTS[device] },
    deviceScaleFactor: 1,
    isMobile: touch,
    hasTouch: touch,
    userAgent: userAgent(device, browserVersion.split('.')[0] ?? '120'),
  };
}
