// What the auth routes do: each function takes the app (stores, tokens, mailer) and the validated input.
import type { LoginBody, MessageResponse, RegisterBody, SessionResponse } from '@foldline/contracts';
import { findUsableResetToken, insertResetToken, markResetTokenUsed, retireResetTokensOfUser } from '@foldline/metadata/tokens/reset-tokens.repository';
import { findUserByEmail, findUserById, insertUser, updateUserPassword } from '@foldline/metadata/users/users.repository';
import { claimSignUpAttemptMail } from '@foldline/metadata/users/sign-up-attempt-mails.repository';
import type { UserRow } from '@foldline/metadata';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, unauthorized } from '../errors.ts';
import { hashPassword, verifyPassword, type PasswordCost } from './passwords.ts';
import { claimSignInAttempt, forgetSignInFailures } from './sign-in-throttle.ts';
import { randomToken, sha256 } from './tokens.ts';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
const LOGIN_FAILED_MESSAGE = 'Invalid email or password';
const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, we have sent a password reset link.';
const INVALID_RESET_LINK_MESSAGE = 'This password reset link is invalid or has expired.';

export const toUser = (row: UserRow) => ({ user_id: row.id, name: row.name, email: row.email });

// A fixed hash to compare against when the address is unknown, so both answers take the same time: one per cost,
// made once, at the cost the app's own hashes have (app.passwordCost).
const dummyHashes = new Map<PasswordCost, Promise<string>>();
function dummyHash(cost: PasswordCost): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = hashPassword('not-a-real-password', cost)));
  return hash;
}

/** Starts the app's dummy hash as the app starts, so the first sign-in with an unknown address does not wait for it
 * on top of its own check (the authentication plugin's onReady). */
export function prepareSignIns(app: FastifyInstance): void {
  void dummyHash(app.passwordCost);
}

/**
 * Sign-up signs the new user in at once (the specification answers with the account's tokens), so its answer has to
 * tell whether it created an account: answering "as for a new one" would need a confirmation mail the specification
 * has no step for. What it can do, it does: a taken address costs the same work as a new one (the password is hashed
 * either way), the answer names nothing but the fact, the owner is told by mail that someone tried, and the register
 * rate limit (20 a minute per client address) bounds how many addresses one can try. docs/notes/auth.md.
 */
export async function register(app: FastifyInstance, body: RegisterBody): Promise<SessionResponse> {
  const passwordHash = await hashPassword(body.password, app.passwordCost);
  const owner = await findUserByEmail(app.metadata.db, body.email);
  if (owner) throw taken(app, owner);
  let user: UserRow;
  try {
    user = await insertUser(app.metadata.db, { name: body.name, email: body.email, passwordHash });
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    const winner = await findUserByEmail(app.metadata.db, body.email);
    if (winner) throw taken(app, winner);
    throw error;
  }
  const tokens = await app.tokens.issue(app.metadata.db, user.id, { persistent: body.remember ?? true });
  return { tokens, user: toUser(user) };
}

// One mail an hour per account at most, whichever process answers, so that sign-up attempts cannot flood an inbox.
const TRIED_MAIL_INTERVAL_MS = 60 * 60 * 1000;

/** The 409 of a taken address, with a mail to its owner claimed and sent after the answer (as a reset link is). */
function taken(app: FastifyInstance, owner: UserRow) {
  const now = new Date();
  void claimSignUpAttemptMail(app.metadata.db, owner.id, now, new Date(now.getTime() - TRIED_MAIL_INTERVAL_MS))
    .then((claimed) => (claimed ? mailSignUpAttempt(app, owner) : undefined))
    .catch((error: unknown) => app.log.error({ err: error, userId: owner.id }, 'sign-up attempt e-mail not sent'));
  return conflict(EMAIL_TAKEN_MESSAGE);
}

function mailSignUpAttempt(app: FastifyInstance, owner: UserRow): Promise<void> {
  return app.mailer
    .send({
      to: owner.email,
      subject: 'Someone tried to create a Foldline account with your address',
      text: `Hello ${owner.name},\n\nSomeone tried to create a new Foldline account with this e-mail address, which already has one. No account was created and nothing of yours changed.\n\nIf it was you, sign in instead: ${app.config.publicUrl}/auth/login\nForgot your password? Choose a new one: ${app.config.publicUrl}/forgot-password\n\nIf it was not you, you need not do anything.\n`,
    })
    .then(() => undefined);
}

export async function login(app: FastifyInstance, body: LoginBody): Promise<SessionResponse> {
  // Before anything about the account is read: a backed-off address is refused alike whether or not it has one.
  const attempt = await claimSignInAttempt(app.metadata.db, body.email);
  const user = await findUserByEmail(app.metadata.db, body.email);
  const valid = await verifyPassword(body.password, user?.password_hash ?? (await dummyHash(app.passwordCost)));
  if (!user || !valid) throw unauthorized(LOGIN_FAILED_MESSAGE);
  await attempt.succeeded();
  const tokens = await app.tokens.issue(app.metadata.db, user.id, { persistent: body.remember ?? true });
  return { tokens, user: toUser(user) };
}

export async function refresh(app: FastifyInstance, refreshToken: string) {
  const { tokens } = await app.tokens.rotate(app.metadata.db, refreshToken);
  return { tokens };
}

export async function forgotPassword(app: FastifyInstance, email: string): Promise<MessageResponse> {
  const user = await findUserByEmail(app.metadata.db, email);
  // The same work on the request path whether or not the address exists (a lookup, a token and its hash), and the
  // same answer, so neither the answer nor its timing tells which addresses have accounts. Storing the link and
  // sending the mail happen after the answer; a failure there is logged.
  const token = randomToken();
  const tokenHash = sha256(token);
  if (user) {
    void sendResetLink(app, user, token, tokenHash).catch((error: unknown) =>
      app.log.error({ err: error, userId: user.id }, 'password reset e-mail not sent'),
    );
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}

async function sendResetLink(app: FastifyInstance, user: UserRow, token: string, tokenHash: string): Promise<void> {
  // Only the newest link works: issuing one retires the older ones, in one transaction so two requests at once
  // cannot leave both links alive.
  await app.metadata.db.transaction().execute(async (trx) => {
    await retireResetTokensOfUser(trx, user.id);
    await insertResetToken(trx, { userId: user.id, tokenHash, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
  });
  const link = `${app.config.publicUrl}/reset-password/${token}`;
  if (!app.config.smtpUrl) app.log.info({ email: user.email, link }, 'password reset link (no SMTP_URL set, e-mail written to the outbox)');
  await app.mailer.send({
    to: user.email,
    subject: 'Reset your Foldline password',
    text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Foldline account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
  });
}

/** Sign-out: the sign-in the refresh token belongs to ends, and with it its access tokens. */
export async function logout(app: FastifyInstance, refreshToken: string): Promise<void> {
  await app.tokens.revokeByRefreshToken(app.metadata.db, refreshToken);
}

export async function validateResetToken(app: FastifyInstance, token: string) {
  return { valid: (await findUsableResetToken(app.metadata.db, sha256(token))) !== undefined };
}

export async function resetPassword(app: FastifyInstance, token: string, password: string): Promise<SessionResponse> {
  const db = app.metadata.db;
  const tokenHash = sha256(token);
  const userId = await findUsableResetToken(db, tokenHash);
  if (!userId || !(await markResetTokenUsed(db, tokenHash))) throw badRequest(INVALID_RESET_LINK_MESSAGE);
  const user = await findUserById(db, userId);
  if (!user) throw badRequest(INVALID_RESET_LINK_MESSAGE);
  await updateUserPassword(db, user.id, await hashPassword(password, app.passwordCost));
  // Any other link still out there is retired, whoever knew the old password is signed out everywhere, and the
  // owner, back in control, is no longer held back by the guesses made at the old one.
  await retireResetTokensOfUser(db, user.id);
  await app.tokens.revokeUserSignIns(db, user.id);
  await forgetSignInFailures(db, user.email);
  const tokens = await app.tokens.issue(db, user.id);
  return { tokens, user: toUser(user) };
}
