// The reset form's order of checks.
import { describe, expect, it } from 'vitest';
import { newPasswordError, PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH } from './validation.ts';

describe('newPasswordError', () => {
  it('checks the match first, then the minimum length of 8', () => {
    expect(newPasswordError('short', 'other')).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(newPasswordError('short', 'short')).toBe(PASSWORD_TOO_SHORT);
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 8 characters long');
    expect(newPasswordError('12345678', '12345678')).toBeNull();
  });
});
