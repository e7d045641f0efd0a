// The shared browser: launched on first use, the same one for every caller, launched again after a disconnect.
import { describe, expect, it } from 'vitest';
import { createSharedBrowser } from '../src/shared-browser.ts';

describe('shared browser', () => {
  it('launches once, launches again after Chromium went away, and refuses after close', async () => {
    const shared = createSharedBrowser({ chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    try {
      expect(shared.launches).toBe(0);
      const [first, same] = await Promise.all([shared.get(), shared.get()]);
      expect(same).toBe(first);
      expect(shared.launches).toBe(1);
      await first.close();
      const second = await shared.get();
      expect(second).not.toBe(first);
      expect(second.isConnected()).toBe(true);
      expect(shared.launches).toBe(2);
    } finally {
      await shared.close();
    }
    await expect(shared.get()).rejects.toMatchObject({ statusCode: 503, message: 'The screenshot service is shutting down.' });
  }, 60_000);
});
