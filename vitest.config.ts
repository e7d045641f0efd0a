// Unit and integration tests of every package and app; browser tests live in e2e/ with their own config.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'apps/*/src/**/*.test.tsx', 'apps/*/test/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // chDB keeps one data directory per process: forks give every test file its own process.
    pool: 'forks',
    // One migrated event store for all the files' stores to start from (packages/event-store/test/support).
    globalSetup: ['packages/event-store/test/support/global-setup.ts'],
    // Vitest's default is one worker fewer than the cores, which is a single file at a time here; most files spend
    // their time waiting on chDB, PostgreSQL, child processes and timers, so two at once nearly halve the run.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
