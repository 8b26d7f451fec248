import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultSiteSettings, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { postsService } from '@agora/posts';
import { siteService, updateSettingsGroup } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser, login, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { votesService } from '@agora/votes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer } from '../src/server/render-page';

const API = '/answer/api/v1';
const SITE = 'http://agora.test';
let stack: Stack;
let webRoot: string;
let admin: string;
let author: TestUser;
let authorToken: string;

async function ok(method: string, route: string, token: string, body: object) {
  const response = await stack.call(method, route.startsWith('/') ? route : `${API}/${route}`, { token, body });
  if (response.status !== 200) throw new Error(`${route}: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A page as a crawler gets it: plain HTTP, no scripts run. */
async function page(target: string) {
  const response = await stack.gateway.inject({ method: 'GET', url: target });
  return { status: response.statusCode, html: response.body, location: response.headers.location };
}

/** The markup an application drew on the server (not the embedded state). */
const drawn = (html: string, app: string) =>
  html.slice(html.indexOf(`id="single-spa-application:${app}"`), html.indexOf('<footer'));

const ssrState = (html: string) =>
  JSON.parse(/<script type="application\/json" id="agora-ssr-state">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');

async function ask(title: string, tag: string) {
  const question = await ok('POST', 'question', authorToken, {
    title,
    content: `The body of ${title}, long enough to describe the question well.`,
    tags: [{ slug_name: tag }],
  });
  await stack.settle();
  return question.id as string;
}

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'agora-ssr-'));
  copyFileSync(path.join(import.meta.dirname, '..', 'index.html'), path.join(webRoot, 'index.html'));
  stack = await startStack({
    services: [siteService, identityService, postsService, tagsService, votesService],
    webRoot,
    pages: createPageRenderer(path.join(webRoot, 'index.html')),
  });
  admin = await login(stack, await createUser(stack, { roleId: Role.admin }));
  author = await createUser(stack, { roleId: Role.moderator, name: 'Ada Rendered' });
  authorToken = await login(stack, author);
});

afterAll(async () => {
  await stack?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});

describe('the server-rendered tag list and tag page', () => {
  it('draws the tag list with its head, by sort and page, and a page past the last is a 404', async () => {
    await ask('A question that brings the hydration tag along', 'hydration');
    const { status, html } = await page('/tags');
    expect(status).toBe(200);
    expect(html).toContain('<title>Tags - Agora</title>');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/tags" />`);
    expect(html).toContain('<meta property="og:title" content="Tags" />');
    expect(html).toMatch(/<meta name="description" content="Tags: [^"]*hydration/);
    const body = drawn(html, '@agora/tags');
    expect(body).toContain('data-testid="tag-list"');
    expect(body).toContain('href="/tags/hydration"');
    expect(ssrState(html)).toMatchObject({ app: '@agora/tags', href: '/tags' });
    const byName = await page('/tags?sort=name');
    expect(byName.html).toContain(`<link rel="canonical" href="${SITE}/tags?sort=name" />`);
    expect((await page('/tags?page=999')).status).toBe(404);
  });

  it("draws a tag's page with its questions, moves another spelling, and answers an unknown tag with 404", async () => {
    const id = await ask('Which questions does the streaming tag page list', 'streaming');
    const { status, html } = await page('/tags/streaming');
    expect(status).toBe(200);
    expect(html).toContain('<title>Questions tagged [streaming] - Agora</title>');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/tags/streaming" />`);
    expect(html).toContain('<meta property="og:url" content="http://agora.test/tags/streaming" />');
    const body = drawn(html, '@agora/tags');
    expect(body).toContain('data-testid="tag-page"');
    expect(body).toContain('Which questions does the streaming tag page list');
    expect(body).toContain(`/questions/${id}`);
    const newest = await page('/tags/streaming?sort=newest');
    expect(newest.html).toContain(`<link rel="canonical" href="${SITE}/tags/streaming?sort=newest" />`);
    expect(await page('/tags/STREAMING')).toMatchObject({ status: 301, location: '/tags/streaming' });
    const unknown = await page('/tags/no-such-tag-anywhere');
    expect(unknown.status).toBe(404);
    expect(unknown.html).not.toContain('agora-ssr-state');
    expect((await page('/tags/streaming?page=99')).status).toBe(404);
    // The screens that are not public pages stay the browser's.
    expect((await page('/tags/create')).html).not.toContain('agora-ssr-state');
  });
});

describe('the server-rendered profile', () => {
  it("draws a member's card and top posts with a profile head, and moves another spelling of the name", async () => {
    await ask('A question that puts Ada on her own profile', 'profiles');
    const { status, html } = await page(`/users/${author.username}`);
    expect(status).toBe(200);
    expect(html).toContain('<title>Ada Rendered - Agora</title>');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/users/${author.username}" />`);
    expect(html).toContain('<meta property="og:type" content="profile" />');
    const body = drawn(html, '@agora/users');
    expect(body).toContain('data-testid="profile-page"');
    expect(body).toContain('Ada Rendered');
    expect(body).toContain('A question that puts Ada on her own profile');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');
    expect(jsonLd).toMatchObject({ '@type': 'ProfilePage', mainEntity: { '@type': 'Person', name: 'Ada Rendered' } });
    const upper = author.username.toUpperCase();
    if (upper !== author.username) {
      expect(await page(`/users/${upper}`)).toMatchObject({ status: 301, location: `/users/${author.username}` });
    }
    // A tab other than the overview is drawn by the browser.
    expect((await page(`/users/${author.username}/answers`)).html).not.toContain('agora-ssr-state');
  });

  it('shows a suspended member as the API does and answers a deleted or unknown one with 404', async () => {
    const suspended = await createUser(stack, { name: 'Sam Suspended' });
    await ok('PUT', '/answer/admin/api/user/status', admin, {
      user_id: suspended.id,
      status: 'suspended',
      suspend_duration: '7d',
    });
    await stack.settle();
    const shown = await page(`/users/${suspended.username}`);
    expect(shown.status).toBe(200);
    expect(drawn(shown.html, '@agora/users')).toContain('Sam Suspended');
    expect(drawn(shown.html, '@agora/users')).toContain('data-testid="profile-suspended"');
    const api = await stack.call('GET', `${API}/personal/user/info?username=${suspended.username}`);
    expect(api.body.data.status).toBe('suspended');
    expect(JSON.stringify(ssrState(shown.html))).toContain('"status":"suspended"');

    const deleted = await createUser(stack, { name: 'Dee Deleted' });
    await ok('PUT', '/answer/admin/api/user/status', admin, { user_id: deleted.id, status: 'deleted' });
    await stack.settle();
    const gone = await page(`/users/${deleted.username}`);
    expect(gone.status).toBe(404);
    expect(gone.html).not.toContain('Dee Deleted');
    expect((await page('/users/nobody-by-this-name')).status).toBe(404);
    // The fixed /users/… screens are not profiles.
    expect((await page('/users/login')).html).not.toContain('agora-ssr-state');
  });
});

describe('a private site', () => {
  it('renders no tag list, tag page or profile for a visitor', async () => {
    await ask('A question on a site about to turn private', 'privacy-mode');
    const settings = stack.service('site').context;
    const security = (login_required: boolean) =>
      updateSettingsGroup(
        settings,
        { group: 'security', values: { ...defaultSiteSettings(SITE).security, login_required } } as never,
        null,
      );
    await security(true);
    await stack.settle();
    try {
      for (const target of ['/tags', '/tags/privacy-mode', `/users/${author.username}`]) {
        await expect
          .poll(async () => (await page(target)).html.includes('agora-ssr-state'), { timeout: 5000 })
          .toBe(false);
        const { status, html } = await page(target);
        expect(status).toBe(200);
        expect(html).not.toContain('A question on a site about to turn private');
        expect(html).not.toContain('Ada Rendered');
      }
    } finally {
      await security(false);
      await stack.settle();
    }
  });
});
