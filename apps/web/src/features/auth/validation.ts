// Client-side checks of the sign-in screens, in the specification's words (section 5).
import { MIN_PASSWORD_LENGTH } from '@foldline/contracts/common';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;

/** The reset form's rule: the two entries equal, then the minimum length; null when valid. */
export function newPasswordError(password: string, confirmation: string): string | null {
  if (password !== confirmation) return PASSWORDS_DO_NOT_MATCH;
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}
