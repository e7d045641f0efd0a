// The scrypt cost the tests' apps hash passwords at (BuildOptions.passwordCost): 1/32 of the real one's work and
// memory. The suites sign up and sign in some thousand times, each a hash at the real cost (150-180 ms of a core here);
// what they test is what the app does with a password, not scrypt's cost, which passwords.test.ts checks at the real
// value, as the server hashes (it builds its app with no such option).
import type { PasswordCost } from '../src/auth/passwords.ts';

export const TEST_PASSWORD_COST: PasswordCost = { N: 2 ** 10, r: 8, p: 1 };
