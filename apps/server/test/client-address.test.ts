// Whose address a request has (issue 11): X-Forwarded-For counts only when it comes through a proxy the operator
// named in TRUST_PROXY, so a client cannot rotate the header to slip past the address-keyed rate limits.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

let server: TestApp | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Ten sign-ins, each claiming another forwarded address; the statuses in order. */
async function signInsWithRotatingAddresses(app: TestApp['app']): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      payload: { email: `nobody-${i}@example.com`, password: 'wrong-password' },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const rateLimits = { auth: { max: 3, timeWindow: 60_000 } };

describe('client address', () => {
  it('ignores X-Forwarded-For by default: rotating it does not escape the per-address limit', async () => {
    server = await createTestApp('sqlite', { env: { TRUST_PROXY: '0' }, rateLimits });
    const statuses = await signInsWithRotatingAddresses(server.app);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3).every((status) => status === 429)).toBe(true);
  });

  it('reads X-Forwarded-For from a trusted proxy', async () => {
    server = await createTestApp('sqlite', { env: { TRUST_PROXY: 'loopback' }, rateLimits });
    const statuses = await signInsWithRotatingAddresses(server.app);
    expect(statuses).toEqual(Array(10).fill(401));
  });
});
