// The account settings forms' checks, in the order the specification's section 5 gives them.
import {
  emailSchema,
  MIN_PASSWORD_LENGTH,
  PASSWORD_FIELDS_REQUIRED_MESSAGE,
  PASSWORD_NOT_UNIQUE_MESSAGE,
  PROFILE_REQUIRED_MESSAGE,
} from '@foldline/contracts';

export const PASSWORD_MISMATCH_MESSAGE = 'New password and confirmation do not match';
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;

export interface ProfileValues {
  name: string;
  email: string;
}

/** The first problem with the profile form, or null. The address rule is the contract's, as the server checks it. */
export function validateProfile(values: ProfileValues): string | null {
  if (!values.name.trim() || !values.email.trim()) return PROFILE_REQUIRED_MESSAGE;
  const email = emailSchema.safeParse(values.email);
  if (!email.success) return email.error.issues[0]?.message ?? 'Please enter a valid email address';
  return null;
}

export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The first problem with the password form, checked in the specification's order, or null. */
export function validatePasswordChange(values: PasswordValues): string | null {
  if (!values.currentPassword || !values.newPassword || !values.confirmPassword) return PASSWORD_FIELDS_REQUIRED_MESSAGE;
  if (values.newPassword !== values.confirmPassword) return PASSWORD_MISMATCH_MESSAGE;
  if (values.newPassword === values.currentPassword) return PASSWORD_NOT_UNIQUE_MESSAGE;
  if (values.newPassword.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  return null;
}
