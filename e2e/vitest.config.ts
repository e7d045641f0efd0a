// Browser tests: the real server in process, the built web app, the system Chromium; one file at a time.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    // chDB allows one data directory per process: each file gets its own process, and the 2-core machine runs one at a
    // time. Two at once were measured in CI: no faster (448 s against 433 s, both cores busy with two servers and two
    // browsers) and flakier (a menu click lost under the load).
    pool: 'forks',
    // One migrated event store for every file's server to start from (packages/event-store/test/support).
    globalSetup: ['packages/event-store/test/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // A browser's answer waits on the server and the page: as long as expectText waits for text (10 s), not vitest's
    // 1 s default, which a busy machine overran (CI runs these beside the unit tests: .ci/run).
    expect: { poll: { timeout: 10_000 } },
  },
});
