// Sign-in, registration, token refresh and password reset (specification sections 3, 5, 7).
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './common.ts';

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(200, 'Password must be at most 200 characters long');

/** PostgreSQL text cannot hold NUL: an address with one is no account's, and must be refused before it reaches a query. */
const hasNoNul = (value: string) => !value.includes('\u0000');

export const emailSchema = z.string().trim().max(320).email('Please enter a valid email address');

export const userSchema = z.object({ user_id: z.string(), name: z.string(), email: z.string() });
export type User = z.infer<typeof userSchema>;

export const tokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof tokensSchema>;

export const sessionResponseSchema = z.object({ tokens: tokensSchema, user: userSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const registerBodySchema = z.object({
  name: z.string().trim().min(1, 'All fields are required').max(200),
  email: emailSchema,
  password: passwordSchema,
  /** Foldline extension: unticked 'Remember me' makes the session end with the browser. */
  remember: z.boolean().optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: z.string().trim().min(1, 'Email and password are required').max(320).refine(hasNoNul, 'Please enter a valid email address'),
  password: z.string().min(1, 'Email and password are required').max(200),
  remember: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const refreshBodySchema = z.object({ refreshToken: z.string().min(1, 'Refresh token is required').max(200) });
export const refreshResponseSchema = z.object({ tokens: tokensSchema });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** Sign-out (not in the specification, which only clears browser storage): the sign-in ends on the server too, so its
 * access tokens stop working within seconds. Answered 204 whether or not the token is known. */
export const logoutBodySchema = refreshBodySchema;

export const forgotPasswordBodySchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(320).refine(hasNoNul, 'Please enter a valid email address'),
});
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const resetTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
export const validateResetTokenResponseSchema = z.object({ valid: z.boolean() });
export const resetPasswordBodySchema = z.object({ password: passwordSchema });
