// One mail an hour per account about sign-up attempts with its address, on every dialect: claims made at once (two API
// processes answering two attempts) give one mail between them, and the next is claimed once the hour has passed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { claimSignUpAttemptMail } from '../src/users/sign-up-attempt-mails.repository.ts';
import { insertUser } from '../src/users/users.repository.ts';
import { describeEachDialect, openTestStore, type TestStore } from './test-store.ts';

const HOUR = 3_600_000;

describeEachDialect('sign-up attempt mails', (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(dialect);
  });
  afterAll(() => store.dispose());

  it('claims one mail an hour per account, whoever asks at once', async () => {
    const db = store.db;
    const [grace, alan] = await Promise.all([
      insertUser(db, { name: 'Grace', email: 'grace@example.com', passwordHash: 'x' }),
      insertUser(db, { name: 'Alan', email: 'alan@example.com', passwordHash: 'x' }),
    ]);
    const t0 = new Date('2026-11-26T18:00:00.000Z');
    const claim = (userId: string, now: Date) => claimSignUpAttemptMail(db, userId, now, new Date(now.getTime() - HOUR));
    expect(await Promise.all([claim(grace.id, t0), claim(grace.id, t0), claim(grace.id, t0)])).toEqual(expect.arrayContaining([true, false, false]));
    expect((await Promise.all([claim(grace.id, t0), claim(grace.id, t0)])).filter(Boolean)).toHaveLength(0);
    // Another account is its own.
    expect(await claim(alan.id, t0)).toBe(true);
    expect(await claim(grace.id, new Date(t0.getTime() + HOUR - 1))).toBe(false);
    expect(await claim(grace.id, new Date(t0.getTime() + HOUR))).toBe(true);
    expect(await claim(grace.id, new Date(t0.getTime() + HOUR + 1000))).toBe(false);
  });

  it('goes with the account', async () => {
    const db = store.db;
    const user = await insertUser(db, { name: 'Ada', email: 'ada@example.com', passwordHash: 'x' });
    expect(await claimSignUpAttemptMail(db, user.id, new Date(), new Date(Date.now() - HOUR))).toBe(true);
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await db.selectFrom('sign_up_attempt_mails').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
