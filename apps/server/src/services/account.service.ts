// What the users routes do for the signed-in user's own account: profile, password, clearing and deletion.
import {
  CURRENT_PASSWORD_INCORRECT_MESSAGE,
  PASSWORD_NOT_UNIQUE_MESSAGE,
  type SuccessResponse,
  type User,
} from '@foldline/contracts';
import { deleteUser, findUserByEmail, findUserById, updateUserPassword, updateUserProfile } from '@foldline/metadata/users/users.repository';
import { retireResetTokensOfUser } from '@foldline/metadata/tokens/reset-tokens.repository';
import { listWebsiteIdsOfUser } from '@foldline/metadata/websites/websites.repository';
import type { FastifyInstance } from 'fastify';
import { EMAIL_TAKEN_MESSAGE, toUser } from '../auth/auth.service.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { badRequest, conflict, unauthorized } from '../errors.ts';
import { removeWebsites } from './account-data.ts';

export async function updateProfile(app: FastifyInstance, userId: string, profile: { name: string; email: string }): Promise<{ user: User }> {
  const db = app.metadata.db;
  const takenBy = async () => (await findUserByEmail(db, profile.email))?.id;
  const owner = await takenBy();
  if (owner && owner !== userId) throw conflict(EMAIL_TAKEN_MESSAGE);
  try {
    await updateUserProfile(db, userId, profile);
  } catch (error) {
    // Another account took the address between the check and the update: the unique index decides.
    if ((await takenBy()) !== userId) throw conflict(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  return { user: toUser(await currentUser(app, userId)) };
}

export async function changePassword(
  app: FastifyInstance,
  userId: string,
  signInId: string,
  body: { currentPassword: string; newPassword: string },
): Promise<SuccessResponse> {
  // The specification's order: the two fields are compared before the current password is checked.
  if (body.newPassword === body.currentPassword) throw badRequest(PASSWORD_NOT_UNIQUE_MESSAGE);
  const user = await currentUser(app, userId);
  if (!(await verifyPassword(body.currentPassword, user.password_hash))) throw badRequest(CURRENT_PASSWORD_INCORRECT_MESSAGE);
  await updateUserPassword(app.metadata.db, userId, await hashPassword(body.newPassword, app.passwordCost));
  // A reset link mailed earlier would undo the change: it is retired. Other browsers signed in with the old password
  // are signed out within seconds; the one that changed it stays signed in.
  await retireResetTokensOfUser(app.metadata.db, userId);
  await app.tokens.revokeUserSignIns(app.metadata.db, userId, signInId);
  return { success: true };
}

/** "Clear All Data": every website with its pages, ad units and events goes; the account stays. */
export async function clearAccountData(app: FastifyInstance, userId: string): Promise<SuccessResponse> {
  await removeWebsites(app, userId, await listWebsiteIdsOfUser(app.metadata.db, userId));
  return { success: true };
}

/** Deletes the account with all its data; its tokens go by cascade and stop working at once. */
export async function deleteAccount(app: FastifyInstance, userId: string): Promise<SuccessResponse> {
  await clearAccountData(app, userId);
  // Revoked first so that this process forgets the sign-ins it had found live; other processes within seconds.
  await app.tokens.revokeUserSignIns(app.metadata.db, userId);
  await deleteUser(app.metadata.db, userId);
  return { success: true };
}

async function currentUser(app: FastifyInstance, userId: string) {
  const user = await findUserById(app.metadata.db, userId);
  // app.authenticate found the user a moment ago; it can only be gone if it was deleted concurrently.
  if (!user) throw unauthorized('Invalid or expired access token');
  return user;
}
