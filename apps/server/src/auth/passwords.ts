// Password hashing with scrypt (memory-hard, in Node's crypto: no native addon to build).
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** scrypt's cost parameters. A hash carries the ones it was made with, so verifying needs none. */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt baseline: N=2^15, r=8, p=1 (32 MiB per hash). What every new hash costs, unless a test builds its
 * app with a cheaper one in code (BuildOptions.passwordCost); no setting a deployment has can lower it. */
export const PASSWORD_COST: PasswordCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

export async function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(actual, expected);
}
