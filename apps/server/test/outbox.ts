// Reset links as a user finds them: in the mail written to DATA_DIR/outbox (no SMTP_URL in tests).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';

/** The newest reset link mailed to an address, or undefined before any. */
export function resetTokenFromOutbox(dataDir: string, email: string): string | undefined {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return undefined;
  const files = readdirSync(outbox).filter((file) => file.includes(email.replace(/[^a-z0-9@.]/gi, '_'))).sort();
  const last = files.at(-1);
  if (!last) return undefined;
  // Undo quoted-printable soft line breaks, which can split a long link.
  const match = readFileSync(path.join(outbox, last), 'utf8').replace(/=\r?\n/g, '').match(/reset-password\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error('no reset link in the mail');
  return match[1];
}

/**
 * Waits for a reset link mailed to an address other than `previous`: forgot-password answers before the mail is
 * sent, so a test waits for the mail as a user would.
 */
export async function waitForResetToken(dataDir: string, email: string, previous?: string): Promise<string> {
  return vi.waitFor(
    () => {
      const token = resetTokenFromOutbox(dataDir, email);
      if (!token || token === previous) throw new Error(`no new reset mail for ${email} yet`);
      return token;
    },
    { timeout: 20_000, interval: 10 },
  );
}
