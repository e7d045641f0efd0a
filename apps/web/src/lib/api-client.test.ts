// The API client's contract: bearer token, one shared refresh on 401, retry, session loss, typed errors.
import type { Tokens } from '@foldline/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, errorMessage, type RefreshedMessage, type RefreshLock, type TabChannel, type TokenStore } from './api-client.ts';

interface Call {
  url: string;
  method: string;
  authorization: string | undefined;
  accept: string | undefined;
  body: unknown;
}

/** The first bytes of a JPEG (SOI and APP0 markers): enough to tell a binary body came through untouched. */
const IMAGE_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

/** A tiny in-memory API: `valid` is the one accepted access token; /auth/refresh swaps a known refresh token for a new pair. */
function fakeApi(options: { refreshStatus?: number } = {}) {
  const state = { valid: 'access-2', refreshCalls: 0, calls: [] as Call[] };
  let releaseRefresh: () => void = () => {};
  const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchImpl: typeof fetch = async (input, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: Call = { url: String(input), method: init?.method ?? 'GET', authorization: headers.authorization, accept: headers.accept, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    state.calls.push(call);
    if (call.url === '/api/auth/refresh') {
      state.refreshCalls += 1;
      await refreshGate;
      if (options.refreshStatus && options.refreshStatus !== 200) return json(options.refreshStatus, { error: { message: 'Invalid refresh token' } });
      if ((call.body as { refreshToken?: string }).refreshToken !== 'refresh-1') return json(401, { error: { message: 'Invalid refresh token' } });
      return json(200, { tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } });
    }
    if (call.url === '/api/auth/login') return json(401, { error: { message: 'Invalid email or password' } });
    if (call.url.startsWith('/api/broken')) return new Response('<html>oops</html>', { status: 502 });
    if (call.authorization !== `Bearer ${state.valid}`) return json(401, { error: { message: 'Invalid or expired access token' } });
    if (call.url.startsWith('/api/missing')) return json(404, { error: { message: 'Website not found' } });
    if (call.url.startsWith('/api/image')) return new Response(IMAGE_BYTES, { status: 200, headers: { 'content-type': 'image/jpeg', 'x-document-height': '4200' } });
    if (call.url.startsWith('/api/unreachable-image')) return json(502, { error: { message: 'The page could not be loaded' } });
    return json(200, { ok: true, url: call.url });
  };
  return { state, fetchImpl, releaseRefresh: () => releaseRefresh() };
}

function memoryTokens(initial: { access: string | null; refresh: string | null }) {
  const store = { ...initial, cleared: 0, saved: [] as Tokens[] };
  const tokens: TokenStore = {
    getAccessToken: () => store.access,
    getRefreshToken: () => store.refresh,
    saveTokens: (t) => {
      store.saved.push(t);
      store.access = t.accessToken;
      store.refresh = t.refreshToken;
    },
    clear: () => {
      store.cleared += 1;
      store.access = null;
      store.refresh = null;
    },
  };
  return { store, tokens };
}

/** One lock for several clients, as navigator.locks is one per origin for all its tabs: tasks run one after another. */
function memoryLock(): RefreshLock {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = tail.then(task);
    tail = run.catch(() => {});
    return run;
  };
}

/** A BroadcastChannel between tabs in memory: a message reaches every other tab's channel, not the sender's. */
function channelHub() {
  const listeners = new Map<TabChannel, (event: MessageEvent<unknown>) => void>();
  return (): TabChannel => {
    const channel: TabChannel = {
      postMessage: (message: RefreshedMessage) => {
        for (const [other, listener] of listeners) if (other !== channel) listener({ data: message } as MessageEvent<unknown>);
      },
      addEventListener: (_type, listener) => listeners.set(channel, listener),
    };
    return channel;
  };
}

describe('api client', () => {
  it('sends JSON with the bearer token and returns the parsed body', async () => {
    const api = fakeApi();
    api.releaseRefresh();
    const { tokens } = memoryTokens({ access: 'access-2', refresh: 'refresh-1' });
    const client = createApiClient({ fetch: api.fetchImpl, tokens });
    await expect(client.get('/websites', { status: 'active', search: '', page: undefined })).resolves.toEqual({ ok: true, url: '/api/websites?status=active' });
    expect(api.state.calls[0]?.authorization).toBe('Bearer access-2');
  });

  it('on a 401 refreshes once, stores the new tokens and retries the original request', async () => {
    const api = fakeApi();
    api.releaseRefresh();
    const { store, tokens } = memoryTokens({ access: 'access-1', refresh: 'refresh-1' });
    const client = createApiClient({ fetch: api.fetchImpl, tokens });
    await expect(client.put('/websites/1', { name: 'x' })).resolves.toMatchObject({ ok: true });
    expect(api.state.refreshCalls).toBe(1);
    expect(store.access).toBe('access-2');
    expect(store.refresh).toBe('refresh-2');
    const retried = api.state.calls.at(-1);
    expect(retried).toMatchObject({ url: '/api/websites/1', method: 'PUT', authorization: 'Bearer access-2', body: { name: 'x' } });
  });

  it('concurrent 401s share one refresh (single flight)', async () => {
    const api = fakeApi();
    const { tokens } = memoryTokens({ access: 'access-1', refresh: 'refresh-1' });
    const client = createApiClient({ fetch: api.fetchImpl, tokens });
    const requests = [client.get('/a'), client.get('/b'), client.get('/c')];
    // Let all three reach their 401 and wait on the refresh before it answers.
    await expect.poll(() => api.state.calls.filter((c) => c.url === '/api/auth/refresh').length).toBe(1);
    await expect.poll(() => api.state.calls.filter((c) => c.authorization === 'Bearer access-1').length).toBe(3);
    api.releaseRefresh();
    const results = await Promise.all(requests);
    expect(results.map((r) => (r as { url: string }).url)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(api.state.refreshCalls).toBe(1);
  });

  it('a request that failed with an old token after another refreshed retries with the new token, without refreshing again', async () => {
    const api = fakeApi();
    api.releaseRefresh();
    const { store, tokens } = memoryTokens({ access: 'access-1', refresh: 'refresh-1' });
    const fetchImpl: typeof fetch = async (input, init) => {
      const response = await api.fetchImpl(input, init);
      // Another tab/request rotated the tokens while this 401 was on its way back.
      if (response.status === 401 && String(input) === '/api/slow') {
        store.access = 'access-2';
        store.refresh = 'refresh-2';
      }
      return response;
    };
    const client = createApiClient({ fetch: fetchImpl, tokens });
    await expect(client.get('/slow')).resolves.toMatchObject({ ok: true });
    expect(api.state.refreshCalls).toBe(0);
  });

  it('with no refresh token, clears the session and reports it without calling refresh', async () => {
    const api = fakeApi();
    api.releaseRefresh();
    const { store, tokens } = memoryTokens({ access: 'access-1', refresh: null });
    let expired = 0;
    const client = createApiClient({ fetch: api.fetchImpl, tokens, onSessionExpired: () => (expired += 1) });
    await expect(client.get('/websites')).rejects.toMatchObject({ status: 401 });
    expect(api.state.refreshCalls).toBe(0);
    expect(store.cleared).toBe(1);
    expect(expired).toBe(1);
  });

  it('when the refresh fails, clears both tokens and reports the lost session once', async () => {
    const api = fakeApi({ refreshStatus: 401 });
    api.releaseRefresh();
    const { store, tokens } = memoryTokens({ access: 'access-1', refresh: 'refresh-1' });
    let expired = 0;
    const client = createApiClient({ fetch: api.fetchImpl, tokens, onSessionExpired: () => (expired += 1) });
    const error = await client.get('/websites').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(store.access).toBeNull();
    expect(store.refresh).toBeNull();
    expect(expired).toBe(1);
    // The original request is not retried with the dead token.
    expect(api.state.calls.filter((c) => c.url === '/api/websites')).toHaveLength(1);
  });

  it('a 401 from sign-in is its answer, not an expired session', async () => {
    const api = fakeApi();
    api.releaseRefresh();
    const { store, tokens } = memoryTokens({ access: 'access-1', refresh: 'refresh-1' });
    const client = createApiClient({ fetch: api.fetchImpl, tokens, onSessionExpired: () => expect.fail('must not expire') });
    const error = (await client.post('/auth/login', { email: 'a', password: 'b' }).catch((e: unknown) => e)) as ApiError;
    expect(error.serverMessage).toBe('Invalid email or password');
    expect(api.state.refreshCalls).toBe(0);
    expect(store.cleared).toBe(0);
  });

  it('errors carry the status and the server message; without one the screen falls back to its own text', async () => {
    const api = fakeApi();
    api.releaseRefresh();
    const { tokens } = memoryTokens({ access: 'access-2', refresh: 'refresh-1' });
    const client = createApiClient({ fetch: api.fetchImpl, tokens });
    const notFound = (await client.get('/missing').catch((e: unknown) => e)) as ApiError;
    expect(notFound).toMatchObject({ status: 404, message: 'Website not found', serverMessage: 'Website not found' });
    expect(errorMessage(notFound, 'Failed to load')).toBe('Website not found');

    const broken = (await client.get('/broken').catch((e: unknown) => e)) as ApiError;
    expect(broken.status).toBe(502);
    expect(broken.serverMessage).toBeUndefined();
    expect(errorMessage(broken, 'Failed to load')).toBe('Failed to load');

    const offline = createApiClient({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')), tokens });
    const network = (await offline.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(network.status).toBe(0);
    expect(errorMessage(network, 'Login failed. Please check your credentials.')).toBe('Login failed. Please check your credentials.');
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback');
  });

  it('sends a file as it is with its content type (an upload), and the same file again after a refresh', async () => {
    const sent: Array<{ contentType: string | undefined; authorization: string | undefined; text: string }> = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      if (String(input) === '/api/auth/refresh') return new Response(JSON.stringify({ tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } }), { status: 200 });
      sent.push({ contentType: headers['content-type'], authorization: headers.authorization, text: await new Response(init?.body).text() });
      return headers.authorization === 'Bearer access-2' ? new Response(JSON.stringify({ rows: 1 }), { status: 200 }) : new Response('{}', { status: 401 });
    };
    const { tokens } = memoryTokens({ access: 'access-1', refresh: 'refresh-1' });
    const client = createApiClient({ fetch: fetchImpl, tokens });
    const file = new Blob(['Date,Ad unit\n2026-11-01,top\n'], { type: 'application/vnd.ms-excel' });
    await expect(client.request('/websites/1/revenue-imports', { method: 'POST', body: file, contentType: 'text/csv', query: { source: 'adsense' } })).resolves.toEqual({ rows: 1 });
    expect(sent).toEqual([
      { contentType: 'text/csv', authorization: 'Bearer access-1', text: 'Date,Ad unit\n2026-11-01,top\n' },
      { contentType: 'text/csv', authorization: 'Bearer access-2', text: 'Date,Ad unit\n2026-11-01,top\n' },
    ]);
  });

  describe('binary answers (getBlob)', () => {
    it('sends the bearer token and the query, and returns the bytes untouched with the response headers', async () => {
      const api = fakeApi();
      api.releaseRefresh();
      const { tokens } = memoryTokens({ access: 'access-2', refresh: 'refresh-1' });
      const client = createApiClient({ fetch: api.fetchImpl, tokens });
      const { blob, headers } = await client.getBlob('/image', { url: 'https://example.com/a?b=1', deviceType: 'mobile', refresh: undefined });
      expect(new Uint8Array(await blob.arrayBuffer())).toEqual(IMAGE_BYTES);
      expect(blob.type).toBe('image/jpeg');
      expect(headers.get('x-document-height')).toBe('4200');
      expect(api.state.calls[0]).toMatchObject({
        url: '/api/image?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&deviceType=mobile',
        authorization: 'Bearer access-2',
        accept: '*/*',
      });
    });

    it('on a 401 refreshes once like every other call and retries the same request', async () => {
      const api = fakeApi();
      api.releaseRefresh();
      const { store, tokens } = memoryTokens({ access: 'access-1', refresh: 'refresh-1' });
      const client = createApiClient({ fetch: api.fetchImpl, tokens });
      const { blob } = await client.getBlob('/image', { deviceType: 'desktop' });
      expect(blob.size).toBe(IMAGE_BYTES.length);
      expect(api.state.refreshCalls).toBe(1);
      expect(store.access).toBe('access-2');
      expect(api.state.calls.map((c) => [c.url, c.authorization])).toEqual([
        ['/api/image?deviceType=desktop', 'Bearer access-1'],
        ['/api/auth/refresh', undefined],
        ['/api/image?deviceType=desktop', 'Bearer access-2'],
      ]);
    });

    it('a binary request and a JSON request failing together share one refresh', async () => {
      const api = fakeApi();
      const { tokens } = memoryTokens({ access: 'access-1', refresh: 'refresh-1' });
      const client = createApiClient({ fetch: api.fetchImpl, tokens });
      const both = Promise.all([client.getBlob('/image'), client.get('/websites')]);
      await expect.poll(() => api.state.calls.filter((c) => c.authorization === 'Bearer access-1').length).toBe(2);
      api.releaseRefresh();
      const [image, json] = await both;
      expect(image.blob.size).toBe(IMAGE_BYTES.length);
      expect(json).toMatchObject({ ok: true });
      expect(api.state.refreshCalls).toBe(1);
    });

    it('when the refresh fails, the session is lost exactly as for JSON calls', async () => {
      const api = fakeApi({ refreshStatus: 401 });
      api.releaseRefresh();
      const { store, tokens } = memoryTokens({ access: 'access-1', refresh: 'refresh-1' });
      let expired = 0;
      const client = createApiClient({ fetch: api.fetchImpl, tokens, onSessionExpired: () => (expired += 1) });
      await expect(client.getBlob('/image')).rejects.toMatchObject({ status: 401 });
      expect(store.access).toBeNull();
      expect(expired).toBe(1);
    });

    it('a failure carries the server\'s JSON message, so the screen can show it', async () => {
      const api = fakeApi();
      api.releaseRefresh();
      const { tokens } = memoryTokens({ access: 'access-2', refresh: 'refresh-1' });
      const client = createApiClient({ fetch: api.fetchImpl, tokens });
      const error = (await client.getBlob('/unreachable-image').catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 502, serverMessage: 'The page could not be loaded' });
      expect(errorMessage(error, 'Failed to load screenshot')).toBe('The page could not be loaded');
      const broken = (await client.getBlob('/broken').catch((e: unknown) => e)) as ApiError;
      expect(errorMessage(broken, 'Failed to load screenshot')).toBe('Failed to load screenshot');
    });
  });

  describe('across tabs', () => {
    it('two tabs on one storage refresh once: the second waits for the lock, then takes the tokens the first stored', async () => {
      const api = fakeApi();
      const { store, tokens } = memoryTokens({ access: 'access-1', refresh: 'refresh-1' });
      const refreshLock = memoryLock();
      const tabA = createApiClient({ fetch: api.fetchImpl, tokens, refreshLock });
      const tabB = createApiClient({ fetch: api.fetchImpl, tokens, refreshLock });
      const requests = [tabA.get('/a'), tabB.get('/b')];
      // Both have their 401 and one refresh is on its way before it answers.
      await expect.poll(() => api.state.calls.filter((c) => c.authorization === 'Bearer access-1').length).toBe(2);
      await expect.poll(() => api.state.refreshCalls).toBe(1);
      api.releaseRefresh();
      const results = await Promise.all(requests);
      expect(results.map((r) => (r as { url: string }).url)).toEqual(['/api/a', '/api/b']);
      expect(api.state.refreshCalls).toBe(1);
      expect(store.refresh).toBe('refresh-2');
    });

    it('a tab with storage of its own takes the tokens another tab refreshed the same token to; another sign-in ignores them', async () => {
      const api = fakeApi();
      api.releaseRefresh();
      const tab = channelHub();
      const a = memoryTokens({ access: 'access-1', refresh: 'refresh-1' });
      const b = memoryTokens({ access: 'access-1', refresh: 'refresh-1' });
      const other = memoryTokens({ access: 'access-9', refresh: 'refresh-9' });
      const tabA = createApiClient({ fetch: api.fetchImpl, tokens: a.tokens, channel: tab() });
      const tabB = createApiClient({ fetch: api.fetchImpl, tokens: b.tokens, channel: tab() });
      createApiClient({ fetch: api.fetchImpl, tokens: other.tokens, channel: tab() });
      await expect(tabA.get('/a')).resolves.toMatchObject({ ok: true });
      expect(b.store).toMatchObject({ access: 'access-2', refresh: 'refresh-2' });
      expect(other.store).toMatchObject({ access: 'access-9', refresh: 'refresh-9' });
      // Tab B never uses the rotated token: its next call just works.
      await expect(tabB.get('/b')).resolves.toMatchObject({ ok: true });
      expect(api.state.refreshCalls).toBe(1);
    });
  });
});
