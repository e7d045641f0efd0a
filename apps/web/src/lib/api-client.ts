// The one HTTP client of the web app: JSON (or a binary body) from /api, bearer token, refresh-once-and-retry on 401
// (one refresh across all tabs), typed ApiError.
import type { ErrorBody, RefreshResponse, Tokens } from '@foldline/contracts';
import { clearSession, getAccessToken, getRefreshToken, saveTokens, setSignOutHandler } from './session.ts';

/** A failed call: HTTP status (0 when the server was not reached) and the server's `error.message` when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  constructor(message: string, status: number, serverMessage?: string) {
    super(serverMessage ?? message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** The specification's rule for failures: the server's error.message, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sends `body` as it is (a File, a Blob, text) with this content type, instead of as JSON. */
  contentType?: string;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

/** Where tokens live; the browser session by default, replaceable in tests. */
export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  saveTokens(tokens: Tokens): void;
  clear(): void;
}

/** Runs a task while no other tab of this origin runs one under the same lock (the Web Locks API in the browser). */
export type RefreshLock = <T>(task: () => Promise<T>) => Promise<T>;

/** What one tab tells the others after a refresh: tabs still holding `previous` take `tokens`. */
export interface RefreshedMessage {
  type: 'refreshed';
  previous: string;
  tokens: Tokens;
}

/** The part of a BroadcastChannel the client uses. */
export interface TabChannel {
  postMessage(message: RefreshedMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  tokens?: TokenStore;
  /** Called once the session is lost (no refresh token, or the refresh failed). */
  onSessionExpired?: () => void;
  /** Serialises refreshes across tabs; in the browser navigator.locks where it exists (not on plain http off localhost). */
  refreshLock?: RefreshLock;
  /** Tells other tabs about new tokens; in the browser a BroadcastChannel. */
  channel?: TabChannel;
}

/** A binary answer (an image) with its response headers, which describe it (size, capture time and the like). */
export interface BlobResponse {
  blob: Blob;
  headers: Headers;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** A GET whose answer is binary: the same bearer token and refresh-once-on-401 as every call, since an
   * authenticated image cannot be an <img src>. Failures throw ApiError with the server's JSON message. */
  getBlob(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<BlobResponse>;
  get<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
}

const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
const REFRESH_LOCK_NAME = 'foldline-token-refresh';
const TAB_CHANNEL_NAME = 'foldline-session';

function isRefreshedMessage(data: unknown): data is RefreshedMessage {
  const message = data as Partial<RefreshedMessage> | null;
  return message?.type === 'refreshed' && typeof message.previous === 'string' && typeof message.tokens?.accessToken === 'string' && typeof message.tokens.refreshToken === 'string';
}

/** The browser's means of sharing one refresh between tabs, where it has them. */
function browserCoordination(): Pick<ApiClientOptions, 'refreshLock' | 'channel'> {
  if (typeof window === 'undefined') return {};
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return {
    // The lock is held until the task's promise settles; awaiting unwraps the promise the callback returned.
    refreshLock: locks ? async <T>(task: () => Promise<T>): Promise<T> => await locks.request(REFRESH_LOCK_NAME, task) : undefined,
    channel: typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(TAB_CHANNEL_NAME) : undefined,
  };
}

function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  let url = `${baseUrl}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    const text = params.toString();
    if (text) url += `${url.includes('?') ? '&' : '?'}${text}`;
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function serverMessageOf(body: unknown): string | undefined {
  const message = (body as Partial<ErrorBody> | null | undefined)?.error?.message;
  return typeof message === 'string' && message ? message : undefined;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const tokens: TokenStore = options.tokens ?? { getAccessToken, getRefreshToken, saveTokens, clear: clearSession };
  // Tabs share the session, so they share its refresh: the server rotates the refresh token on every use, and a
  // rotated token used again after a short grace window counts as stolen and ends the sign-in in every tab.
  const { refreshLock, channel } = options.tokens ? options : { ...browserCoordination(), ...options };
  // Single flight: every 401 that arrives while a refresh runs waits for that same refresh.
  let refreshing: Promise<string | null> | null = null;

  // A tab whose storage is its own (sessionStorage, copied when a tab is duplicated) takes the tokens another tab
  // refreshed its same refresh token to, instead of later using the rotated one.
  channel?.addEventListener('message', (event) => {
    if (isRefreshedMessage(event.data) && tokens.getRefreshToken() === event.data.previous) tokens.saveTokens(event.data.tokens);
  });

  function expire(): never {
    tokens.clear();
    options.onSessionExpired?.();
    throw new ApiError(SESSION_EXPIRED_MESSAGE, 401);
  }

  async function send(path: string, request: RequestOptions, accessToken: string | null, accept = 'application/json'): Promise<Response> {
    const headers: Record<string, string> = { accept };
    if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    try {
      return await doFetch(buildUrl(baseUrl, path, request.query), {
        method: request.method ?? 'GET',
        headers,
        body: request.body === undefined ? undefined : request.contentType ? (request.body as BodyInit) : JSON.stringify(request.body),
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw new ApiError('Network error: the server could not be reached', 0);
    }
  }

  /** Replaces `failedToken`, the access token a request was refused with, by a working one, or null. */
  async function refresh(failedToken: string): Promise<string | null> {
    const run = async () => {
      // Read only now: while this tab waited for the lock, another may have refreshed and stored its tokens.
      const current = tokens.getAccessToken();
      if (current !== null && current !== failedToken) return current;
      const refreshToken = tokens.getRefreshToken();
      if (!refreshToken) return null;
      try {
        const response = await send('/auth/refresh', { method: 'POST', body: { refreshToken } }, null);
        if (!response.ok) return null;
        const body = (await readBody(response)) as RefreshResponse;
        tokens.saveTokens(body.tokens);
        channel?.postMessage({ type: 'refreshed', previous: refreshToken, tokens: body.tokens });
        return body.tokens.accessToken;
      } catch {
        return null;
      }
    };
    return refreshLock ? refreshLock(run) : run();
  }

  function refreshOnce(failedToken: string): Promise<string | null> {
    refreshing ??= refresh(failedToken).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Sends with the stored token; on a 401 refreshes once (shared by concurrent callers) and sends again. */
  async function authorized(path: string, req: RequestOptions, accept?: string): Promise<Response> {
    const usedToken = tokens.getAccessToken();
    let response = await send(path, req, usedToken, accept);
    // Sign-in, registration and reset answer 401 for bad credentials: that is their answer, not an expired session.
    if (response.status === 401 && usedToken !== null && !path.startsWith('/auth/')) {
      const current = tokens.getAccessToken();
      // Another request already refreshed while this one was in flight: retry with its token.
      const nextToken = current !== null && current !== usedToken ? current : await refreshOnce(usedToken);
      if (!nextToken) expire();
      response = await send(path, req, nextToken, accept);
      if (response.status === 401) expire();
    }
    return response;
  }

  async function failure(response: Response): Promise<ApiError> {
    return new ApiError(`Request failed with status ${response.status}`, response.status, serverMessageOf(await readBody(response)));
  }

  async function request<T>(path: string, req: RequestOptions = {}): Promise<T> {
    const response = await authorized(path, req);
    if (!response.ok) throw await failure(response);
    return (await readBody(response)) as T;
  }

  async function getBlob(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<BlobResponse> {
    // Errors still arrive as JSON, so the server's message can be shown; any success body is taken as binary.
    const response = await authorized(path, { query, signal }, '*/*');
    if (!response.ok) throw await failure(response);
    return { blob: await response.blob(), headers: response.headers };
  }

  return {
    request,
    getBlob,
    get: (path, query, signal) => request(path, { query, signal }),
    post: (path, body) => request(path, { method: 'POST', body }),
    put: (path, body) => request(path, { method: 'PUT', body }),
    patch: (path, body) => request(path, { method: 'PATCH', body }),
    delete: (path) => request(path, { method: 'DELETE' }),
  };
}

let sessionExpiredHandler: () => void = () => {
  window.location.assign('/auth/login');
};

/** The router installs client-side navigation here, so a lost session goes to /auth/login without a reload. */
export function setSessionExpiredHandler(handler: () => void): void {
  sessionExpiredHandler = handler;
}

/** The app's client: every feature's `api/` files call this. */
export const api: ApiClient = createApiClient({ onSessionExpired: () => sessionExpiredHandler() });

// Signing out ends the sign-in on the server too, so its access tokens stop working within seconds rather than at
// their expiry. The browser's session is already gone by then; a failure here changes nothing for the user.
setSignOutHandler((refreshToken) => {
  api.post('/auth/logout', { refreshToken }).catch(() => {});
});
