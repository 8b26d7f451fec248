import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { SSR_STATE_ELEMENT_ID, type SsrState } from '@agora/kit';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, TALLIES_TOPIC } from '@agora/platform';
import { postsFor, postsService } from '@agora/posts';
import { siteService } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { votesService } from '@agora/votes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer } from '../src/server/render-page';

const API = '/answer/api/v1';
const SERVICES = [siteService, identityService, postsService, tagsService, votesService];
let stack: Stack;
let webRoot: string;
let asker: string;
let answerer: string;
/** Renders the page renderer made (a page answered from the gateway's kept render makes none). */
let renders = 0;
/** Connections the services took from their pools: one per query or transaction. */
let queries = 0;

async function ok(method: string, route: string, token: string, body: object) {
  const response = await stack.call(method, `${API}/${route}`, { token, body });
  if (response.status !== 200) throw new Error(`${route}: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await stack.gateway.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

/** An answer's votes as the page's embedded state (the data it was drawn from) has them. */
function answerVotes(html: string, answerId: string) {
  const json = new RegExp(`<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  const state = JSON.parse(json?.[1] ?? 'null') as SsrState;
  const answers = state.queries.queries.flatMap((query) => {
    const data = query.state.data as { list?: { id?: string; vote_count?: number }[] } | undefined;
    return data?.list ?? [];
  });
  return answers.find((answer) => answer.id === answerId)?.vote_count;
}

async function askWithAnswer(title: string) {
  const question = await ok('POST', 'question', asker, {
    title,
    content: `The body of ${title}, long enough to be asked.`,
    tags: [{ slug_name: 'caching' }],
  });
  await ok('POST', 'answer', answerer, { question_id: question.id, content: 'A first answer that the page shows.' });
  await ok('POST', 'comment', answerer, {
    object_id: question.id,
    original_text: 'A comment that the page shows too.',
    mention_username_list: [],
  });
  await stack.settle();
  return question.id as string;
}

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'agora-ssr-cache-'));
  copyFileSync(path.join(import.meta.dirname, '..', 'index.html'), path.join(webRoot, 'index.html'));
  const render = createPageRenderer(path.join(webRoot, 'index.html'));
  stack = await startStack({
    services: SERVICES,
    webRoot,
    pages: (request) => {
      renders += 1;
      return render(request);
    },
  });
  for (const service of SERVICES) {
    stack.service(service.name).context.database.pool.on('acquire', () => {
      queries += 1;
    });
  }
  const moderator = await createUser(stack, { roleId: Role.moderator });
  const member = await createUser(stack, { name: 'Cached Answerer' });
  // Posts must have heard of the new members (their reputation) before they post.
  await stack.settle();
  asker = await login(stack, moderator);
  answerer = await login(stack, member);
});

afterAll(async () => {
  await stack?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});

describe('caching the server-rendered pages', () => {
  it('answers a repeated view of a question page from the read caches: no query and no render', async () => {
    const id = await askWithAnswer('Which reads does a cached question page make');
    const first = await page(`/questions/${id}`);
    expect(first.status).toBe(200);
    expect(first.html).toContain('A first answer that the page shows.');
    // The first view warmed every read cache; the views' counter writes only seconds later (posts' ViewCounter).
    const [queriesBefore, rendersBefore] = [queries, renders];
    for (let n = 0; n < 5; n += 1) {
      const again = await page(`/questions/${id}`);
      expect(again.status).toBe(200);
      expect(withoutNonces(again.html)).toBe(withoutNonces(first.html));
      expect(again.headers.etag).toBe(first.headers.etag);
    }
    expect(queries - queriesBefore, 'queries made by five repeated views').toBe(0);
    expect(renders - rendersBefore, 'renders made by five repeated views').toBe(0);
    // Each response still has its own nonce, the one its policy names.
    const nonce = /'nonce-([^']+)'/.exec(String(first.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(first.html).toContain(`nonce="${nonce}"`);
    // A kept page goes out in its kept pieces around the nonce: its stated length is what is sent, also to HEAD.
    expect(Number(first.headers['content-length'])).toBe(Buffer.byteLength(first.html));
    const head = await stack.gateway.inject({ method: 'HEAD', url: `/questions/${id}` });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
  });

  it('draws a page once for visitors who ask for it at the same time', async () => {
    const id = await askWithAnswer('How many renders do simultaneous visitors cost');
    const before = renders;
    const pages = await Promise.all(Array.from({ length: 6 }, () => page(`/questions/${id}`)));
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(pages.map((p) => p.headers.etag)).size).toBe(1);
    expect(renders - before).toBe(1);
  });

  it('sends a public Cache-Control and an ETag that answers 304, and a private one to a member', async () => {
    const id = await askWithAnswer('Does a CDN get to keep the question page');
    const first = await page(`/questions/${id}`);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(PUBLIC_CACHE_CONTROL).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const unchanged = await page(`/questions/${id}`, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.html).toBe('');
    // The stored copy keeps its own policy and nonce: a 304 must not replace them.
    expect(unchanged.headers['content-security-policy']).toBeUndefined();
    const member = await page(`/questions/${id}`, { authorization: `Bearer ${answerer}`, 'if-none-match': etag });
    expect(member.status).toBe(200);
    expect(member.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    // A list is cached the same way.
    const list = await page('/questions?sort=newest');
    expect(list.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect((await page('/questions?sort=newest', { 'if-none-match': String(list.headers.etag) })).status).toBe(304);
  });

  it('changes the ETag at once when the content changes: a new answer, an edit', async () => {
    const id = await askWithAnswer('Which change reaches the cached page first');
    const first = await page(`/questions/${id}`);
    const etag = String(first.headers.etag);
    await ok('POST', 'answer', asker, { question_id: id, content: 'A second answer, written after the first view.' });
    await stack.settle();
    const answered = await page(`/questions/${id}`, { 'if-none-match': etag });
    expect(answered.status).toBe(200);
    expect(answered.headers.etag).not.toBe(etag);
    expect(answered.html).toContain('A second answer, written after the first view.');
    const info = await stack.call('GET', `${API}/question/info?id=${id}`, { token: asker });
    await ok('PUT', 'question', asker, {
      id,
      title: 'Which change reaches the cached page first, edited',
      content: info.body.data.content,
      tags: [{ slug_name: 'caching' }],
      edit_summary: 'a clearer title',
    });
    await stack.settle();
    const edited = await page(`/questions/${id}`, { 'if-none-match': String(answered.headers.etag) });
    expect(edited.status).toBe(200);
    expect(edited.html).toContain('Which change reaches the cached page first, edited</h1>');
    const list = await page('/questions?sort=newest');
    expect(list.html).toContain('Which change reaches the cached page first, edited');
  });

  it('shows a new comment and a vote on the next view, though a kept page is checked by versions', async () => {
    const id = await askWithAnswer('Which small change reaches a page kept by versions');
    const first = await page(`/questions/${id}`);
    expect((await page(`/questions/${id}`)).headers.etag).toBe(first.headers.etag);
    await ok('POST', 'comment', asker, {
      object_id: id,
      original_text: 'A second comment, written after the page was kept.',
      mention_username_list: [],
    });
    await stack.settle();
    const commented = await page(`/questions/${id}`);
    expect(commented.headers.etag).not.toBe(first.headers.etag);
    expect(commented.html).toContain('A second comment, written after the page was kept.');
    const answers = await stack.call('GET', `${API}/answer/page?question_id=${id}&order=default&page=1`);
    const answerId = answers.body.data.list[0].id;
    await ok('POST', 'vote/up', asker, { object_id: answerId, is_cancel: false });
    await stack.settle();
    const voted = await page(`/questions/${id}`);
    expect(voted.headers.etag).not.toBe(commented.headers.etag);
    expect(answerVotes(voted.html, answerId)).toBe(1);
    expect(answerVotes(commented.html, answerId)).toBe(0);
  });

  it('neither reads nor draws a kept page again for its view count alone, and shows the count with the next change', async () => {
    // The counter's timer is held, so that only this test's flush writes (on a slow machine the timer could fire
    // while the kept page is asked for, and its write would be counted below).
    const views = postsFor(stack.service('posts')).views;
    await views.stop();
    try {
      await viewCountAlone(views);
    } finally {
      views.start();
    }
  });
});

async function viewCountAlone(views: ReturnType<typeof postsFor>['views']) {
  const id = await askWithAnswer('Does a view count redraw the kept page');
  const first = await page(`/questions/${id}`);
  await page(`/questions/${id}`);
  // The views recorded so far reach the read model (as the counter's timer would a few seconds later). Posts'
  // cache empties at the commit and again when the commit's announcement comes back: wait for both, so that
  // the read below refills it for good.
  const tallies = stack.service('posts').context.changes.topic(TALLIES_TOPIC);
  const talliesBefore = tallies.version ?? 0;
  await views.flush();
  await expect.poll(() => tallies.version).toBeGreaterThanOrEqual(talliesBefore + 2);
  const info = await stack.call('GET', `${API}/question/info?id=${id}`);
  expect(info.body.data.view_count).toBeGreaterThan(0);
  // Other services apply the flush's event on their own time: let them, so that what follows counts the view only.
  await stack.settle();
  const [queriesBefore, rendersBefore] = [queries, renders];
  const kept = await page(`/questions/${id}`);
  expect(renders - rendersBefore, 'renders for a view count alone').toBe(0);
  // A flush of counts moves no version: the kept page is checked by versions, its reads are not made again.
  expect(queries - queriesBefore, 'queries for a view count alone').toBe(0);
  expect(kept.headers.etag).toBe(first.headers.etag);
  expect(withoutNonces(kept.html)).toBe(withoutNonces(first.html));
  await ok('POST', 'answer', asker, { question_id: id, content: 'An answer that redraws the page and its views.' });
  await stack.settle();
  const redrawn = await page(`/questions/${id}`);
  expect(renders - rendersBefore).toBe(1);
  expect(redrawn.html).toContain('An answer that redraws the page and its views.');
  expect(redrawn.html).toMatch(/"view_count":[1-9]/);
}
