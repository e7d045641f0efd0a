// After sign-in only same-site paths are followed.
import { describe, expect, it } from 'vitest';
import { returnPath } from './return-to.ts';

describe('returnPath', () => {
  it('returns the remembered path, with its query and hash', () => {
    expect(returnPath({ from: '/dashboard/websites/1?tab=pages#x' })).toBe('/dashboard/websites/1?tab=pages#x');
  });

  it('falls back to /dashboard for missing, foreign or sign-in paths', () => {
    for (const state of [undefined, null, {}, { from: 42 }, { from: 'https://evil.example' }, { from: '//evil.example' }, { from: '/\\evil.example' }, { from: '/auth/login' }]) {
      expect(returnPath(state)).toBe('/dashboard');
    }
  });
});
