// Cookieless visitor identity: a hash of website, IP and user agent with a random salt that changes every UTC day.
// Yesterday's, today's and tomorrow's salts live in the metadata store, shared by every process (one reader is one
// visitor whichever process takes their beacons) and kept across restarts; older salts are deleted, so yesterday's
// hashes can never be linked to today's or reversed to an address. Hashing stays synchronous on the hot path: the
// salts are loaded before the first beacon and refreshed every minute, so the midnight switch finds tomorrow's ready.
import { createHash, randomBytes } from 'node:crypto';

const DAY_MS = 24 * 3600 * 1000;
/** Salts for simulated past days (the demo's history) live in memory only; this bounds how many. */
const MAX_SALTS = 500;
const REFRESH_MS = 60_000;

/** Where the shared salts are kept: the salts of `days`, creating missing ones with `draw()`, forgetting days before `keepFrom`. */
export type SaltStore = (days: readonly string[], draw: () => string, keepFrom: string) => Promise<Map<string, string>>;

export interface VisitorHasher {
  /** A 64-bit visitor id as decimal text (the UInt64 column takes it without precision loss). */
  hash(websiteId: string, ip: string, userAgent: string, at: number): string;
  /** Settles once the shared salts were first loaded (or failed to load: hashing then goes on with salts of its own). */
  readonly ready: Promise<void>;
  /** Stops the refreshes; settles once none is under way. */
  close(): Promise<void>;
}

export function createVisitorHasher(store?: SaltStore, onError: (error: unknown) => void = () => {}): VisitorHasher {
  /** The store's salts of yesterday, today and tomorrow, replaced whole by each refresh: a day gone by is forgotten. */
  let shared = new Map<string, Buffer>();
  /** This process's own salts: simulated past days (the demo's history), and a day the store could not give. */
  const own = new Map<string, Buffer>();

  async function refresh(): Promise<void> {
    if (!store) return;
    const now = Date.now();
    const days = [dayOf(now - DAY_MS), dayOf(now), dayOf(now + DAY_MS)];
    try {
      const stored = await store(days, () => randomBytes(32).toString('base64'), days[0]!);
      shared = new Map([...stored].map(([day, salt]) => [day, Buffer.from(salt, 'base64')]));
      for (const day of shared.keys()) own.delete(day);
    } catch (error) {
      // The store is away: keep hashing with the salts already held (a new day then gets one of this process's own).
      onError(error);
    }
  }

  function saltOf(day: string): Buffer {
    let salt = shared.get(day) ?? own.get(day);
    if (salt) return salt;
    salt = randomBytes(32);
    if (own.size >= MAX_SALTS) own.delete(own.keys().next().value as string);
    own.set(day, salt);
    return salt;
  }

  const ready = refresh();
  let refreshing = ready;
  const timer = store ? setInterval(() => (refreshing = refresh()), REFRESH_MS) : undefined;
  timer?.unref();

  return {
    ready,
    hash(websiteId, ip, userAgent, at) {
      const digest = createHash('sha256').update(saltOf(dayOf(at))).update(websiteId).update('\0').update(ip).update('\0').update(userAgent).digest();
      return digest.readBigUInt64BE(0).toString();
    },
    async close() {
      clearInterval(timer);
      // A refresh under way finishes before the metadata store is closed under it.
      await refreshing;
    },
  };
}

function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
