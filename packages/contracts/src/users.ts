// Account routes: profile, password, deletion and clearing of data (specification sections 5, 7).
import { z } from 'zod';
import { emailSchema, passwordSchema, userSchema } from './auth.ts';
import { idSchema } from './common.ts';

export const PROFILE_REQUIRED_MESSAGE = 'Name and email are required fields';
export const PASSWORD_FIELDS_REQUIRED_MESSAGE = 'All password fields are required';
export const PASSWORD_NOT_UNIQUE_MESSAGE = 'New password should be unique from current password';
export const CURRENT_PASSWORD_INCORRECT_MESSAGE = 'Current password is incorrect';

/** A malformed id answers 400; a well-formed id that is not the caller's answers 404, like a missing one. */
export const userParamsSchema = z.object({ userId: idSchema });

export const updateUserBodySchema = z.object({
  name: z.string({ error: PROFILE_REQUIRED_MESSAGE }).trim().min(1, PROFILE_REQUIRED_MESSAGE).max(200),
  email: z.string({ error: PROFILE_REQUIRED_MESSAGE }).trim().min(1, PROFILE_REQUIRED_MESSAGE).pipe(emailSchema),
});
export const userResponseSchema = z.object({ user: userSchema });

export const changePasswordBodySchema = z.object({
  currentPassword: z.string({ error: PASSWORD_FIELDS_REQUIRED_MESSAGE }).min(1, PASSWORD_FIELDS_REQUIRED_MESSAGE).max(200),
  newPassword: z.string({ error: PASSWORD_FIELDS_REQUIRED_MESSAGE }).min(1, PASSWORD_FIELDS_REQUIRED_MESSAGE).pipe(passwordSchema),
});

export const successResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type SuccessResponse = z.infer<typeof successResponseSchema>;
