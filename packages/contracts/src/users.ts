// Account routes: profile, password, deletion and clearing of data (specification sections 5, 7).
import { z } from 'zod';
import { emailSchema, passwordSchema, userSchema } from './auth.ts';

export const userParamsSchema = z.object({ userId: z.string().min(1).max(100) });

export const updateUserBodySchema = z.object({
  name: z.string().trim().min(1, 'Name and email are required fields').max(200),
  email: emailSchema,
});
export const userResponseSchema = z.object({ user: userSchema });

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'All password fields are required').max(200),
  newPassword: passwordSchema,
});

export const successResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type SuccessResponse = z.infer<typeof successResponseSchema>;
