// A chDB store that has run every migration, for tests to start new stores from: migrating a new store takes about two
// seconds, and the suites make hundreds. A new store is a copy of it; whoever opens the copy still runs the migrations
// over it and finds none pending. Migrating from nothing stays covered by the template itself, made by the same
// migrations each run, and by the suites that migrate on purpose (createTestStore with migrate: false, many-processes).
//
// The test runs' global setup (global-setup.ts) makes one template for all their processes and names it in
// FOLDLINE_TEST_EVENTS_TEMPLATE; a process started without it makes its own, once.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openChdbStore } from '../../src/chdb-store.ts';
import { migrateEventStore } from '../../src/migrate.ts';

export const TEMPLATE_ENV = 'FOLDLINE_TEST_EVENTS_TEMPLATE';

/** Makes a migrated store in a new directory and returns it with a way to remove it. Opens chDB: like any store, it
 * must not overlap another chDB store open in this process. */
export async function makeMigratedTemplate(): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'foldline-events-template-'));
  const store = openChdbStore(dir);
  try {
    await migrateEventStore(store);
  } finally {
    await store.close();
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

let ownTemplate: Promise<string> | undefined;

function template(): Promise<string> {
  const shared = process.env[TEMPLATE_ENV];
  if (shared) return Promise.resolve(shared);
  ownTemplate ??= makeMigratedTemplate().then((made) => {
    process.once('exit', made.remove);
    return made.dir;
  });
  return ownTemplate;
}

/** Puts a migrated store at `dir`, a chDB data directory not open yet (chDB's own, or the shim's). */
export async function copyMigratedStore(dir: string): Promise<void> {
  // The links between the tables' metadata and their data are relative: the copy keeps them as they are.
  cpSync(await template(), dir, { recursive: true, verbatimSymlinks: true });
}
