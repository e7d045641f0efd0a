// The cookieless visitor id: stable within a UTC day for one website, address and browser; unlinkable across
// days and websites; today's salt survives a restart through its file, old salts are not kept.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createVisitorHasher } from '../src/visitor-hash.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'foldline-salts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0';
const SITE = '00000000-0000-4000-8000-000000000001';
const OTHER_SITE = '00000000-0000-4000-8000-000000000002';

describe('visitor hash', () => {
  it('is stable within a day and differs across days, websites, addresses and browsers', () => {
    const hasher = createVisitorHasher();
    const morning = Date.UTC(2026, 0, 10, 8);
    const evening = Date.UTC(2026, 0, 10, 22);
    const nextDay = Date.UTC(2026, 0, 11, 8);
    const id = hasher.hash(SITE, '203.0.113.5', UA, morning);
    expect(id).toMatch(/^\d+$/);
    expect(hasher.hash(SITE, '203.0.113.5', UA, evening)).toBe(id);
    expect(hasher.hash(SITE, '203.0.113.5', UA, nextDay)).not.toBe(id);
    expect(hasher.hash(OTHER_SITE, '203.0.113.5', UA, morning)).not.toBe(id);
    expect(hasher.hash(SITE, '203.0.113.6', UA, morning)).not.toBe(id);
    expect(hasher.hash(SITE, '203.0.113.5', `${UA} Edge`, morning)).not.toBe(id);
  });

  it('keeps today\'s salt across a restart, and never the address or old days in its file', () => {
    const file = path.join(dir, 'salts.json');
    const now = Date.now();
    const longAgo = now - 40 * 24 * 3600 * 1000;
    const first = createVisitorHasher(file);
    const today = first.hash(SITE, '198.51.100.7', UA, now);
    const old = first.hash(SITE, '198.51.100.7', UA, longAgo);
    const restarted = createVisitorHasher(file);
    expect(restarted.hash(SITE, '198.51.100.7', UA, now)).toBe(today);
    // A past day's salt lived in memory only: after a restart the same visitor gets an unrelated id.
    expect(restarted.hash(SITE, '198.51.100.7', UA, longAgo)).not.toBe(old);
    const stored = readFileSync(file, 'utf8');
    expect(stored).not.toContain('198.51.100.7');
    expect(Object.keys(JSON.parse(stored) as object)).toEqual([new Date(now).toISOString().slice(0, 10)]);
  });
});
