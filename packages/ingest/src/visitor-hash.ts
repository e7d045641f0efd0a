// Cookieless visitor identity: a hash of website, IP and user agent with a random salt that changes every UTC day.
// Salts of the current and previous day are kept in a file so a restart does not split visitors; older salts
// are forgotten, so yesterday's hashes can never be linked to today's or reversed to an address.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const DAY_MS = 24 * 3600 * 1000;
/** Salts for simulated past days (the demo's history) live in memory only; this bounds how many. */
const MAX_SALTS = 500;

export interface VisitorHasher {
  /** A 64-bit visitor id as decimal text (the UInt64 column takes it without precision loss). */
  hash(websiteId: string, ip: string, userAgent: string, at: number): string;
}

export function createVisitorHasher(saltFile?: string): VisitorHasher {
  const salts = new Map<string, Buffer>();
  if (saltFile && existsSync(saltFile)) {
    try {
      const stored = JSON.parse(readFileSync(saltFile, 'utf8')) as Record<string, string>;
      for (const [day, salt] of Object.entries(stored)) salts.set(day, Buffer.from(salt, 'base64'));
    } catch {
      // A damaged file only costs continuity of today's visitor ids: start with fresh salts.
    }
  }

  function persist(): void {
    if (!saltFile) return;
    const today = dayOf(Date.now());
    const yesterday = dayOf(Date.now() - DAY_MS);
    const keep: Record<string, string> = {};
    for (const day of [yesterday, today]) {
      const salt = salts.get(day);
      if (salt) keep[day] = salt.toString('base64');
    }
    // A name of this process's own: processes sharing a data directory would otherwise rename each other's file away.
    const temporary = `${saltFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(keep), { mode: 0o600 });
    renameSync(temporary, saltFile);
  }

  function saltOf(day: string): Buffer {
    let salt = salts.get(day);
    if (salt) return salt;
    salt = randomBytes(32);
    if (salts.size >= MAX_SALTS) salts.delete(salts.keys().next().value as string);
    salts.set(day, salt);
    if (day >= dayOf(Date.now() - DAY_MS)) persist();
    return salt;
  }

  return {
    hash(websiteId, ip, userAgent, at) {
      const digest = createHash('sha256').update(saltOf(dayOf(at))).update(websiteId).update('\0').update(ip).update('\0').update(userAgent).digest();
      return digest.readBigUInt64BE(0).toString();
    },
  };
}

function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
