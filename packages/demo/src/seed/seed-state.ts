// The demo seed's progress, kept in the data directory: a restart neither seeds twice nor leaves half a history.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SeedState {
  version: 1;
  websiteId: string;
  /** What the history was generated from, so a resumed seed regenerates exactly the same days. */
  seed: string;
  end: number;
  days: number;
  /** Days fully written, oldest first. */
  completedDays: number;
  done: boolean;
}

const FILE = 'demo-seed.json';

export function readSeedState(dataDir: string): SeedState | undefined {
  const file = path.join(dataDir, FILE);
  if (!existsSync(file)) return undefined;
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as SeedState;
    return state.version === 1 && typeof state.websiteId === 'string' ? state : undefined;
  } catch {
    // A torn or foreign file: the seed starts over, which is always safe.
    return undefined;
  }
}

/** Written to a temporary file and renamed, so a crash never leaves a torn state file. */
export function writeSeedState(dataDir: string, state: SeedState): void {
  const file = path.join(dataDir, FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}
