// Browser tests: the real server in process, the built web app, the system Chromium; one file at a time.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    // chDB allows one data directory per process: each file gets its own process (server and browser). A browser test
    // spends most of its time waiting on the page (a file used under half a core), so two files run at once.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
