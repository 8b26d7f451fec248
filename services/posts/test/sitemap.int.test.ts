import { defaultSiteSettings, Limits, PostStatus, Role, Show } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { PUBLIC_CACHE_CONTROL, toShortId } from '@agora/platform';
import { siteService, updateSettingsGroup } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsService } from '../src/service';

const API = '/answer/api/v1';
const SITE = 'http://agora.test';
let stack: Stack;
let moderator: string;

async function ok(method: string, route: string, body: object) {
  const response = await stack.call(method, `${API}/${route}`, { token: moderator, body });
  if (response.status !== 200) throw new Error(`${route}: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

async function ask(title: string) {
  const question = await ok('POST', 'question', {
    title,
    content: `The body of ${title}, long enough to be a question.`,
    tags: [{ slug_name: 'sitemaps' }],
  });
  await stack.settle();
  return { id: question.id as string, urlTitle: question.url_title as string };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await stack.gateway.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

async function setGroup(group: 'seo' | 'security', values: object) {
  await updateSettingsGroup(
    stack.service('site').context,
    { group, values: { ...defaultSiteSettings(SITE)[group], ...values } } as never,
    null,
  );
  await stack.settle();
}

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  moderator = await login(stack, await createUser(stack, { roleId: Role.moderator }));
});
afterAll(async () => {
  await stack?.close();
});

describe('sitemap.xml', () => {
  it('is an index of files that list every visible question with its last change', async () => {
    const first = await ask('The first question the sitemap lists');
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index.body)).toEqual([`${SITE}/sitemap/questions-1.xml`]);
    expect(index.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);

    const file = await get('/sitemap/questions-1.xml');
    expect(file.status).toBe(200);
    expect(file.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(file.body)).toContain(`${SITE}/questions/${first.id}`);
    const [row] = await stack.query('select post_update_time from posts.questions where id = $1', [first.id]);
    expect(file.body).toContain(
      `<url><loc>${SITE}/questions/${first.id}</loc><lastmod>${row.post_update_time.toISOString()}</lastmod></url>`,
    );
    expect((await get('/sitemap/questions-2.xml')).status).toBe(404);
    expect((await get('/sitemap/other.xml')).status).toBe(404);
  });

  it('lists a new question at once, and drops a deleted or hidden one', async () => {
    const before = await get('/sitemap/questions-1.xml');
    const added = await ask('A question asked after the sitemap was read');
    const hidden = await ask('A question a moderator hides from every list');
    const deleted = await ask('A question its asker deletes from the site');
    await ok('PUT', 'question/operation', { id: hidden.id, operation: 'hide' });
    await ok('DELETE', 'question', { id: deleted.id });
    await stack.settle();
    const after = await get('/sitemap/questions-1.xml');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(locs(after.body)).toContain(`${SITE}/questions/${added.id}`);
    expect(locs(after.body)).not.toContain(`${SITE}/questions/${hidden.id}`);
    expect(locs(after.body)).not.toContain(`${SITE}/questions/${deleted.id}`);
  });

  it('writes question URLs in the form the permalink setting asks for', async () => {
    const q = await ask('Which form does a sitemap URL take');
    try {
      await setGroup('seo', { permalink: 1 });
      expect(locs((await get('/sitemap/questions-1.xml')).body)).toContain(`${SITE}/questions/${q.id}/${q.urlTitle}`);
      await setGroup('seo', { permalink: 4 });
      expect(locs((await get('/sitemap/questions-1.xml')).body)).toContain(`${SITE}/questions/${toShortId(q.id)}`);
    } finally {
      await setGroup('seo', { permalink: 2 });
    }
  });

  it('gives a CDN a short cache and an ETag that answers 304 until something changes', async () => {
    const first = await get('/sitemap.xml');
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(PUBLIC_CACHE_CONTROL).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/sitemap.xml', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    await ask('A question that changes the sitemap index');
    expect((await get('/sitemap.xml', { 'if-none-match': etag })).status).toBe(200);
  });

  it('is named by the default robots.txt, and a private site has none', async () => {
    expect((await get('/robots.txt')).body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    await setGroup('security', { login_required: true });
    try {
      expect((await get('/sitemap.xml')).status).toBe(404);
      expect((await get('/sitemap/questions-1.xml')).status).toBe(404);
      expect((await get('/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
    } finally {
      await setGroup('security', { login_required: false });
    }
    expect((await get('/sitemap.xml')).status).toBe(200);
  });

  it(`starts a new file after ${Limits.sitemap.urlsPerFile} questions`, async () => {
    // The read model filled in bulk (asking 50,000 questions through the API would take minutes); the queries
    // and the cache are the service's own. The next change of the read models empties the cache.
    const [{ n }] = await stack.query(
      'select count(*)::int as n from posts.questions where status = any($1::int[]) and show = $2',
      [[PostStatus.available, PostStatus.closed], Show.shown],
    );
    const extra = Limits.sitemap.urlsPerFile - n + 1;
    await stack.query(
      `insert into posts.questions (id, user_id, title, url_title, content, html, description, tags, revision_id,
         post_update_time, created_at, updated_at)
       select '1001' || lpad((5000000000000 + g)::text, 13, '0'), '1', 'Bulk ' || g, 'bulk-' || g, 'b', 'b', 'b', '[]',
              '1', now(), now(), now()
       from generate_series(1, $1::int) g`,
      [extra],
    );
    await ask('A question that refreshes the sitemap after the bulk rows');
    const index = await get('/sitemap.xml');
    expect(locs(index.body)).toEqual([`${SITE}/sitemap/questions-1.xml`, `${SITE}/sitemap/questions-2.xml`]);
    expect(locs((await get('/sitemap/questions-1.xml')).body)).toHaveLength(Limits.sitemap.urlsPerFile);
    expect(locs((await get('/sitemap/questions-2.xml')).body)).toHaveLength(2);
  });
});
