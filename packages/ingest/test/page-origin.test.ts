import { describe, expect, it } from 'vitest';
import { countOrigin, preferredOrigin } from '../src/page-origin.ts';

const counted = (...origins: string[]) => {
  const counts = new Map<string, number>();
  for (const origin of origins) countOrigin(counts, origin);
  return counts;
};

describe("a page's origin", () => {
  it('is the one most readers report, not the latest beacon', () => {
    const counts = counted('https://example.com', 'https://example.com', 'https://evil.example.com:8443');
    expect(preferredOrigin(counts, 'https://example.com')).toBe('https://example.com');
  });

  it('never gives up https for http on the same host, even when more beacons say http', () => {
    const counts = counted('http://example.com', 'http://example.com', 'https://example.com');
    expect(preferredOrigin(counts, 'https://example.com')).toBe('https://example.com');
    // A move to https is taken.
    expect(preferredOrigin(counted('https://example.com', 'https://example.com', 'http://example.com'), 'http://example.com')).toBe('https://example.com');
  });

  it('prefers https on a tie, keeps the stored one when nothing was counted, and counts a bounded number of origins', () => {
    expect(preferredOrigin(counted('http://example.com', 'https://www.example.com'), null)).toBe('https://www.example.com');
    expect(preferredOrigin(new Map(), 'https://example.com')).toBe('https://example.com');
    const many = counted(...Array.from({ length: 20 }, (_, i) => `https://s${i}.example.com`));
    expect(many.size).toBe(8);
  });
});
