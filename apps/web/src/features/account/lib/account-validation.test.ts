// Unit tests of the account settings checks and their order.
import { describe, expect, it } from 'vitest';
import { validatePasswordChange, validateProfile } from './account-validation.ts';

describe('validateProfile', () => {
  it('requires both fields, then a valid address', () => {
    expect(validateProfile({ name: '', email: 'a@b.co' })).toBe('Name and email are required fields');
    expect(validateProfile({ name: 'Ann', email: '  ' })).toBe('Name and email are required fields');
    expect(validateProfile({ name: 'Ann', email: 'not-an-address' })).toBe('Please enter a valid email address');
    expect(validateProfile({ name: 'Ann', email: 'ann@example.com' })).toBeNull();
  });
});

describe('validatePasswordChange', () => {
  const ok = { currentPassword: 'old password', newPassword: 'new password', confirmPassword: 'new password' };

  it('checks in the specification order', () => {
    expect(validatePasswordChange({ ...ok, currentPassword: '' })).toBe('All password fields are required');
    expect(validatePasswordChange({ ...ok, confirmPassword: '' })).toBe('All password fields are required');
    // A mismatch wins over every later rule, even with a short, repeated password.
    expect(validatePasswordChange({ currentPassword: 'short', newPassword: 'short', confirmPassword: 'shorT' })).toBe(
      'New password and confirmation do not match',
    );
    // Uniqueness is checked before length.
    expect(validatePasswordChange({ currentPassword: 'short', newPassword: 'short', confirmPassword: 'short' })).toBe(
      'New password should be unique from current password',
    );
    expect(validatePasswordChange({ currentPassword: 'old password', newPassword: 'short', confirmPassword: 'short' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(validatePasswordChange(ok)).toBeNull();
  });
});
