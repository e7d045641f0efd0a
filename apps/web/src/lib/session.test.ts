// @vitest-environment jsdom
// The session in browser storage: 'Remember me' picks the storage, refreshes stay there, sign-out clears both.
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  getSessionSnapshot,
  getUser,
  saveSession,
  saveTokens,
  saveUser,
  setSignOutHandler,
  signOut,
  subscribeSession,
} from './session.ts';

const session = { tokens: { accessToken: 'a1', refreshToken: 'r1' }, user: { user_id: 'u1', name: 'Ada', email: 'ada@example.com' } };

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('session', () => {
  it('remembered: localStorage under accessToken, refreshToken, userInfo', () => {
    saveSession(session, true);
    expect(localStorage.getItem('accessToken')).toBe('a1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}')).toEqual(session.user);
    expect(sessionStorage.length).toBe(0);
  });

  it('not remembered: sessionStorage only, and refreshed tokens stay there', () => {
    saveSession(session, false);
    expect(localStorage.length).toBe(0);
    expect(getAccessToken()).toBe('a1');
    saveTokens({ accessToken: 'a2', refreshToken: 'r2' });
    expect(sessionStorage.getItem('accessToken')).toBe('a2');
    expect(getRefreshToken()).toBe('r2');
    expect(localStorage.length).toBe(0);
  });

  it('a new sign-in replaces the old one in the other storage', () => {
    saveSession(session, true);
    saveSession({ ...session, tokens: { accessToken: 'b1', refreshToken: 'rb1' } }, false);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(getAccessToken()).toBe('b1');
  });

  it('notifies subscribers and keeps a stable snapshot between changes', () => {
    let calls = 0;
    const unsubscribe = subscribeSession(() => (calls += 1));
    saveSession(session, true);
    const first = getSessionSnapshot();
    expect(first).toEqual({ user: session.user, isAuthenticated: true });
    expect(getSessionSnapshot()).toBe(first);
    saveUser({ ...session.user, name: 'Ada L.' });
    expect(getSessionSnapshot().user?.name).toBe('Ada L.');
    clearSession();
    expect(getSessionSnapshot()).toEqual({ user: null, isAuthenticated: false });
    expect(calls).toBe(3);
    unsubscribe();
  });

  it('authenticated means an access token is present; a broken userInfo is no user', () => {
    localStorage.setItem('accessToken', 'x');
    localStorage.setItem('userInfo', '{not json');
    expect(getUser()).toBeNull();
    expect(getSessionSnapshot().isAuthenticated).toBe(true);
    clearSession();
    expect([localStorage.length, sessionStorage.length]).toEqual([0, 0]);
  });

  it('signing out clears both storages and hands the refresh token to the server sign-out', () => {
    const ended: string[] = [];
    setSignOutHandler((refreshToken) => ended.push(refreshToken));
    saveSession(session, false);
    signOut();
    expect(ended).toEqual(['r1']);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    // Signed out already: nothing to end.
    signOut();
    expect(ended).toEqual(['r1']);
  });
});
