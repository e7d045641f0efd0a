// /api/pages/:pageId: a page of one of your websites, with the website's name and domain.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, signUp, type TestApp } from './test-app.ts';
import { createWebsite, insertPage } from './website-fixtures.ts';

describeEachDialect('pages', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  const get = (pageId: string, headers: Record<string, string> = owner.auth) => t.app.inject({ method: 'GET', url: `/api/pages/${pageId}`, headers });

  it('returns the page with its website name and domain', async () => {
    const website = await createWebsite(t.app, owner.auth, { name: 'Recipes', domain: 'recipes.example.com' });
    const page = await insertPage(t.app, website.website_id, '/pasta/carbonara');
    await t.app.metadata.db.updateTable('pages').set({ last_activity: '2026-11-20T10:00:00.000Z' }).where('id', '=', page.id).execute();
    const response = await get(page.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      page: {
        page_id: page.id,
        website_id: website.website_id,
        title: page.title,
        url_path: '/pasta/carbonara',
        status: 'active',
        created_at: page.created_at,
        last_activity: '2026-11-20T10:00:00.000Z',
        website: { name: 'Recipes', domain: 'recipes.example.com', is_demo: false },
        // No tracker has reported the page's origin yet: https on the website's domain.
        url: 'https://recipes.example.com/pasta/carbonara',
      },
    });
  });

  it('gives the address under the origin the tracker reported (http, a port)', async () => {
    const website = await createWebsite(t.app, owner.auth, { name: 'Local news', domain: 'news.example.org' });
    const page = await insertPage(t.app, website.website_id, '/today');
    await t.app.metadata.db.updateTable('pages').set({ origin: 'http://news.example.org:8080' }).where('id', '=', page.id).execute();
    expect((await get(page.id)).json().page.url).toBe('http://news.example.org:8080/today');
  });

  it("answers another user's page exactly like a missing one", async () => {
    const stranger = await signUp(t.app);
    const theirs = await createWebsite(t.app, stranger.auth);
    const page = await insertPage(t.app, theirs.website_id);
    expect((await get(page.id, stranger.auth)).statusCode).toBe(200);
    for (const id of [page.id, randomUUID()]) {
      const response = await get(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { message: 'Page not found' } });
    }
  });

  it('answers 404 once the website is deleted', async () => {
    const website = await createWebsite(t.app, owner.auth);
    const page = await insertPage(t.app, website.website_id);
    await t.app.inject({ method: 'DELETE', url: `/api/websites/${website.website_id}`, headers: owner.auth });
    expect((await get(page.id)).statusCode).toBe(404);
  });

  it.each(['not-a-uuid', '1', '%20'])('answers a malformed id %j with 400', async (id) => {
    const response = await get(id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { message: 'Invalid id' } });
  });

  it('answers 401 without a valid token', async () => {
    const website = await createWebsite(t.app, owner.auth);
    const page = await insertPage(t.app, website.website_id);
    for (const headers of [{}, { authorization: 'Bearer expired.or.forged' }] as Record<string, string>[]) {
      const response = await get(page.id, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toEqual(expect.any(String));
    }
  });
});
