import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultSiteSettings, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { postsService } from '@agora/posts';
import { siteService, updateSettingsGroup } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { votesService } from '@agora/votes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer } from '../src/server/render-page';

const API = '/answer/api/v1';
const SITE = 'http://agora.test';
let stack: Stack;
let webRoot: string;
let asker: string;
let answerers: string[];

async function ok(method: string, route: string, token: string, body: object) {
  const response = await stack.call(method, `${API}/${route}`, { token, body });
  if (response.status !== 200) throw new Error(`${route}: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A page as a crawler gets it: plain HTTP, no scripts run. */
async function page(target: string) {
  const response = await stack.gateway.inject({ method: 'GET', url: target });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

async function setGroup(group: 'seo' | 'security', values: object) {
  await updateSettingsGroup(
    stack.service('site').context,
    { group, values: { ...defaultSiteSettings(SITE)[group], ...values } } as never,
    null,
  );
  await stack.settle();
}

async function askWithAnswers(title: string, answers: string[]) {
  const question = await ok('POST', 'question', asker, {
    title,
    content: `The body of ${title}, long enough to describe the question well.`,
    tags: [{ slug_name: 'rendering' }],
  });
  const ids: string[] = [];
  for (const [n, content] of answers.entries()) {
    ids.push((await ok('POST', 'answer', answerers[n] ?? '', { question_id: question.id, content })).info.id);
  }
  await ok('POST', 'comment', answerers[0] ?? '', {
    object_id: question.id,
    original_text: 'A comment on the question that every reader should see.',
    mention_username_list: [],
  });
  await stack.settle();
  return { id: question.id as string, urlTitle: question.url_title as string, answers: ids };
}

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'agora-ssr-'));
  // The layout of the real index.html; no built scripts are needed to render on the server.
  copyFileSync(path.join(import.meta.dirname, '..', 'index.html'), path.join(webRoot, 'index.html'));
  stack = await startStack({
    services: [siteService, identityService, postsService, tagsService, votesService],
    webRoot,
    pages: createPageRenderer(path.join(webRoot, 'index.html')),
  });
  asker = await login(stack, await createUser(stack, { roleId: Role.moderator }));
  answerers = [
    await login(stack, await createUser(stack, { name: 'Grace Answerer' })),
    await login(stack, await createUser(stack, { name: 'Alan Answerer' })),
  ];
  // Every service has heard of the new members (and of their first reputation point) before they post.
  await stack.settle();
});

afterAll(async () => {
  await stack?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});

describe('the server-rendered question page', () => {
  it('holds the question, its answers, its comments, its head tags and QAPage data without scripts', async () => {
    const q = await askWithAnswers('How does server rendering reach crawlers', [
      'The first answer explains that the HTML carries the content.',
      'The second answer adds that hydration reuses that HTML.',
    ]);
    // The default permalink setting (2): question links without the title.
    const canonical = `/questions/${q.id}`;
    const { status, html, headers } = await page(canonical);
    expect(status).toBe(200);
    expect(headers['content-type']).toContain('text/html');
    expect(html).toContain('<title>How does server rendering reach crawlers - Agora</title>');
    expect(html).toContain(`<link rel="canonical" href="${SITE}${canonical}" />`);
    expect(html).toContain('<meta property="og:title" content="How does server rendering reach crawlers" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toMatch(/<meta name="description" content="The body of How does server rendering reach crawlers/);
    // The content is in the markup of the questions application, not only in the embedded state.
    const body = html.slice(html.indexOf('id="single-spa-application:@agora/questions"'), html.indexOf('<footer'));
    expect(body).toContain('How does server rendering reach crawlers</h1>');
    expect(body).toContain('The first answer explains that the HTML carries the content.');
    expect(body).toContain('The second answer adds that hydration reuses that HTML.');
    expect(body).toContain('A comment on the question that every reader should see.');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    const data = JSON.parse(jsonLd);
    expect(data['@type']).toBe('QAPage');
    expect(data.mainEntity).toMatchObject({
      '@type': 'Question',
      name: 'How does server rendering reach crawlers',
      answerCount: 2,
    });
    expect(data.mainEntity.suggestedAnswer).toHaveLength(2);
    const state = JSON.parse(
      /<script type="application\/json" id="agora-ssr-state">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
    );
    expect(state).toMatchObject({ app: '@agora/questions', href: canonical, language: 'en_US' });
  });

  it("keeps a post's dollar signs as written: in the head, the markup and the embedded state", async () => {
    // `$&`, `$'` and `$\`` mean something to String.prototype.replace: the page is not put together with it.
    const q = await askWithAnswers('Why does $& turn into the match in a replace', [
      "Because $' and $` are patterns of a replacement string too.",
    ]);
    const { status, html } = await page(`/questions/${q.id}`);
    expect(status).toBe(200);
    expect(html).toContain('<title>Why does $&amp; turn into the match in a replace - Agora</title>');
    expect(html).toContain("Because $' and $` are patterns of a replacement string too.");
    const state = /<script type="application\/json" id="agora-ssr-state">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(JSON.stringify(JSON.parse(state))).toContain("Because $' and $` are patterns");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<\/body>/g)).toHaveLength(1);
  });

  it('moves a wrong slug or a missing one to the canonical address, and follows the permalink setting', async () => {
    const q = await askWithAnswers('Which address is canonical for a question', ['An answer one can link to.']);
    const moved = async (target: string) => {
      const response = await stack.gateway.inject({ method: 'GET', url: target });
      return [response.statusCode, response.headers.location];
    };
    // Setting 2 (the default): no title in the address; a linked answer keeps its place.
    expect(await moved(`/questions/${q.id}/${q.urlTitle}`)).toEqual([301, `/questions/${q.id}`]);
    expect((await page(`/questions/${q.id}/${q.answers[0]}`)).status).toBe(200);
    await setGroup('seo', { permalink: 1 });
    try {
      await expect.poll(() => moved(`/questions/${q.id}`)).toEqual([301, `/questions/${q.id}/${q.urlTitle}`]);
      expect(await moved(`/questions/${q.id}/an-old-title`)).toEqual([301, `/questions/${q.id}/${q.urlTitle}`]);
      const { status, html } = await page(`/questions/${q.id}/${q.urlTitle}`);
      expect(status).toBe(200);
      expect(html).toContain(`<link rel="canonical" href="${SITE}/questions/${q.id}/${q.urlTitle}" />`);
      expect((await page(`/questions/${q.id}/${q.urlTitle}/${q.answers[0]}`)).status).toBe(200);
    } finally {
      await setGroup('seo', { permalink: 2 });
    }
  });

  it('answers an unknown question with the 404 page and status 404', async () => {
    const { status, html } = await page('/questions/10010000000000000000001');
    expect(status).toBe(404);
    expect(html).toContain('single-spa-application:@agora/questions');
    expect(html).not.toContain('agora-ssr-state');
  });

  it('leaves the screens that are not public pages to the browser', async () => {
    const { status, html } = await page('/questions/ask');
    expect(status).toBe(200);
    expect(html).not.toContain('agora-ssr-state');
  });

  it('renders the question list by sort and page, and a page past the last is a 404', async () => {
    const q = await askWithAnswers('A question the newest list shows first', []);
    const { status, html } = await page('/questions?sort=newest');
    expect(status).toBe(200);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/questions?sort=newest" />`);
    const body = html.slice(html.indexOf('id="single-spa-application:@agora/questions"'), html.indexOf('<footer'));
    expect(body).toContain('A question the newest list shows first');
    expect(body).toContain(`/questions/${q.id}`);
    const home = await page('/');
    expect(home.html).toContain(`<link rel="canonical" href="${SITE}/questions" />`);
    expect((await page('/questions?page=999')).status).toBe(404);
  });

  it('never shows a deleted question to a visitor', async () => {
    const q = await askWithAnswers('A question its asker deletes soon', []);
    await ok('DELETE', 'question', asker, { id: q.id });
    await stack.settle();
    const { status, html } = await page(`/questions/${q.id}`);
    expect(status).toBe(404);
    expect(html).not.toContain('A question its asker deletes soon');
  });

  it('shows nothing on a private site', async () => {
    const q = await askWithAnswers('A question on a site that becomes private', ['An answer on it.']);
    await setGroup('security', { login_required: true });
    try {
      // The gateway reads the setting at most once a second.
      await expect
        .poll(async () => (await page(`/questions/${q.id}`)).html.includes('agora-ssr-state'), {
          timeout: 5000,
        })
        .toBe(false);
      const { status, html } = await page(`/questions/${q.id}`);
      expect(status).toBe(200);
      expect(html).not.toContain('A question on a site that becomes private');
      expect(html).not.toContain('An answer on it.');
      expect(html).not.toContain('application/ld+json');
    } finally {
      await setGroup('security', { login_required: false });
    }
  });
});
