/**
 * The admin's content pages through the gateway on real PostgreSQL (issue 22 item 4, issue 20 item 5):
 * `{admin}/question/page` and `{admin}/answer/page` by status (held posts under `pending`), searched by words, id
 * or `user:<username>`, and the status changes, each on the timeline as the admin's; bad input refused.
 */
import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { siteService } from '@agora/site';
import { createUser, login, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsService } from '../src/service';

const API = '/answer/api/v1';
const ADMIN = '/answer/admin/api';
let stack: Stack;
let admin: TestUser;
let author: TestUser;
let adminToken = '';
let authorToken = '';
let open = '';
let closed = '';
let answer = '';

async function ok(method: string, url: string, token: string, body?: unknown) {
  const response = await stack.call(method, url, { token, body });
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.data;
}

const ids = (page: { list: { id: string }[] }) => page.list.map((row) => row.id);
const questions = (query: string) => ok('GET', `${ADMIN}/question/page?${query}`, adminToken);
const answers = (query: string) => ok('GET', `${ADMIN}/answer/page?${query}`, adminToken);

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService] });
  admin = await createUser(stack, { roleId: Role.admin, name: 'Contents Admin' });
  author = await createUser(stack, { name: 'Contents Author' });
  await stack.settle();
  adminToken = await login(stack, admin);
  authorToken = await login(stack, author);
  const ask = async (title: string) =>
    (
      await ok('POST', `${API}/question`, adminToken, {
        title,
        content: 'Asked for the admin content pages.',
        tags: [{ slug_name: 'contents' }],
      })
    ).id as string;
  open = await ask('Which pages does an admin have for contents?');
  closed = await ask('Will this question be closed by the admin?');
  answer = (await ok('POST', `${API}/answer`, authorToken, { question_id: open, content: 'Questions and answers.' }))
    .info.id;
  await ok('PUT', `${API}/question/status`, adminToken, { id: closed, close_type: 63, close_msg: '' });
  // Titles are searched in what the question-titles projection keeps after each ask (ADR 0087).
  await stack.settle();
});

afterAll(async () => {
  await stack?.close();
});

describe('admin content pages', () => {
  it('lists questions by status, newest first, with their authors, and searches them', async () => {
    const available = await questions('status=available');
    expect(ids(available)).toEqual([open]);
    expect(available.list[0]).toMatchObject({
      title: 'Which pages does an admin have for contents?',
      status: 1,
      answer_count: 1,
      pin: 1,
      show: 1,
      user_info: expect.objectContaining({ id: admin.id }),
    });
    expect(available.list[0].create_time).toBeGreaterThan(1_700_000_000);
    expect(ids(await questions('status=closed'))).toEqual([closed]);
    // Absent, the status is `available`, as the admin's page opens.
    expect(ids(await questions(''))).toEqual([open]);
    expect(ids(await questions('status=closed&query=closed%20by'))).toEqual([closed]);
    expect(ids(await questions(`status=closed&query=${closed}`))).toEqual([closed]);
    expect(ids(await questions('status=available&query=nothing%20like%20this'))).toEqual([]);
    expect(ids(await questions(`status=available&query=user:${admin.username}`))).toEqual([open]);
    expect(ids(await questions(`status=available&query=user:${author.username}`))).toEqual([]);
    expect((await questions('status=available&page=2&page_size=1')).list).toEqual([]);
  });

  it('lists answers by status, of one question if asked, with the question they answer', async () => {
    const page = await answers('status=available');
    expect(page.count).toBe(1);
    expect(page.list[0]).toMatchObject({
      id: answer,
      question_id: open,
      description: 'Questions and answers.',
      status: 1,
      accepted: 1,
      question_info: { title: 'Which pages does an admin have for contents?' },
      user_info: expect.objectContaining({ id: author.id }),
    });
    expect(ids(await answers(`status=available&question_id=${closed}`))).toEqual([]);
    expect(ids(await answers(`status=available&query=answers`))).toEqual([answer]);
    expect(ids(await answers('status=deleted'))).toEqual([]);
  });

  it('answers the reference client’s own queries: `normal`, empty parameters, `question:` and `answer:` ids', async () => {
    // The reference client's admin lists send every parameter, empty ones included, and call available `normal`.
    const normal = await questions('page_size=20&page=1&status=normal&query=');
    expect(ids(normal)).toEqual([open]);
    expect(ids(await questions('status='))).toEqual([open]);
    expect(ids(await questions(`status=closed&query=question:${closed}`))).toEqual([closed]);
    const all = await answers('page_size=20&page=1&status=normal&query=&question_id=');
    expect(all.list[0]).toMatchObject({
      id: answer,
      question_info: { title: 'Which pages does an admin have for contents?', url_title: expect.any(String) },
    });
    expect(all.list[0].question_info.url_title).not.toBe('');
    expect(ids(await answers(`page_size=20&page=1&status=normal&query=&question_id=${open}`))).toEqual([answer]);
    expect(ids(await answers(`status=normal&question_id=${closed}`))).toEqual([]);
    expect(ids(await answers('status=normal&question_id=0'))).toEqual([answer]);
    expect(ids(await answers(`status=normal&query=answer:${answer}`))).toEqual([answer]);
  });

  it('changes a question’s status as the admin: deleted, back, closed, reopened, each on the timeline', async () => {
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          ['available', 'closed', 'deleted'].map(async (status) => [
            status,
            (await questions(`status=${status}`)).count,
          ]),
        ),
      );
    expect(await counts()).toEqual({ available: 1, closed: 1, deleted: 0 });
    await ok('PUT', `${ADMIN}/question/status`, adminToken, { question_id: open, status: 'deleted' });
    expect(ids(await questions('status=deleted'))).toEqual([open]);
    expect(await counts()).toEqual({ available: 0, closed: 1, deleted: 1 });
    await ok('PUT', `${ADMIN}/question/status`, adminToken, { question_id: open, status: 'closed' });
    expect(ids(await questions('status=closed'))).toEqual([closed, open]);
    expect(await counts()).toEqual({ available: 0, closed: 2, deleted: 0 });
    await ok('PUT', `${ADMIN}/question/status`, adminToken, { question_id: open, status: 'available' });
    expect(ids(await questions('status=available'))).toEqual([open]);
    expect(await counts()).toEqual({ available: 1, closed: 1, deleted: 0 });
    const timeline = await ok('GET', `${API}/activity/timeline?object_id=${open}`, adminToken);
    const staff = timeline.timeline.filter((row: { object_id: string }) => row.object_id === open);
    expect(staff.map((row: { activity_type: string }) => row.activity_type).slice(0, 4)).toEqual([
      'reopened',
      'closed',
      'undeleted',
      'deleted',
    ]);
    expect(staff.slice(0, 4).every((row: { user_info: { id: string } }) => row.user_info.id === admin.id)).toBe(true);
    // Asked for the status it has, nothing changes.
    await ok('PUT', `${ADMIN}/question/status`, adminToken, { question_id: open, status: 'available' });
    const again = await ok('GET', `${API}/activity/timeline?object_id=${open}`, adminToken);
    expect(again.timeline).toHaveLength(timeline.timeline.length);
  });

  it('changes an answer’s status: deleted, then available again', async () => {
    await ok('PUT', `${ADMIN}/answer/status`, adminToken, { answer_id: answer, status: 'deleted' });
    expect(ids(await answers('status=deleted'))).toEqual([answer]);
    expect([(await answers('status=deleted')).count, (await answers('status=available')).count]).toEqual([1, 0]);
    expect((await ok('GET', `${API}/question/info?id=${open}`, adminToken)).answer_count).toBe(0);
    await ok('PUT', `${ADMIN}/answer/status`, adminToken, { answer_id: answer, status: 'available' });
    expect(ids(await answers('status=available'))).toEqual([answer]);
    expect((await ok('GET', `${API}/question/info?id=${open}`, adminToken)).answer_count).toBe(1);
  });

  it('lists held posts under pending, and leaves their decision to the review queue', async () => {
    await ok('PUT', `${ADMIN}/siteinfo/question`, adminToken, {
      min_tags: 1,
      min_content: 6,
      restrict_answer: true,
      hold_first_posts: 5,
    });
    await stack.settle();
    const held = (
      await ok('POST', `${API}/question`, authorToken, {
        title: 'A question the site holds for review?',
        content: 'Held because its author is new.',
        tags: [{ slug_name: 'contents' }],
      })
    ).id;
    expect(ids(await questions('status=pending'))).toEqual([held]);
    const refused = await stack.call('PUT', `${ADMIN}/question/status`, {
      token: adminToken,
      body: { question_id: held, status: 'available' },
    });
    expect([refused.status, refused.body.reason]).toEqual([400, 'error.post.pending']);
  });

  it('refuses bad input and what does not exist, and every caller but an admin', async () => {
    const call = (method: string, url: string, token: string | undefined, body?: unknown) =>
      stack.call(method, url, { token, body });
    expect((await call('GET', `${ADMIN}/question/page?status=hidden`, adminToken)).status).toBe(400);
    expect((await call('GET', `${ADMIN}/answer/page?status=closed`, adminToken)).status).toBe(400);
    expect((await call('GET', `${ADMIN}/question/page?status=normals`, adminToken)).status).toBe(400);
    expect((await call('GET', `${ADMIN}/answer/page?question_id=${'9'.repeat(65)}`, adminToken)).status).toBe(400);
    expect((await call('GET', `${ADMIN}/question/page?page=0`, adminToken)).status).toBe(400);
    const badStatus = await call('PUT', `${ADMIN}/question/status`, adminToken, { question_id: open, status: 'gone' });
    expect(badStatus.status).toBe(400);
    const missing = await call('PUT', `${ADMIN}/question/status`, adminToken, {
      question_id: '10010000000999999',
      status: 'deleted',
    });
    expect(missing.status).toBe(404);
    const missingAnswer = await call('PUT', `${ADMIN}/answer/status`, adminToken, {
      answer_id: '10020000000999999',
      status: 'deleted',
    });
    expect(missingAnswer.status).toBe(404);
    expect((await call('GET', `${ADMIN}/question/page`, authorToken)).status).toBe(403);
    expect((await call('GET', `${ADMIN}/answer/page`, undefined)).status).toBe(401);
    const byMember = await call('PUT', `${ADMIN}/question/status`, authorToken, {
      question_id: open,
      status: 'deleted',
    });
    expect(byMember.status).toBe(403);
  });

  it('finds a question by its title as edited, not as it was', async () => {
    const id = (
      await ok('POST', `${API}/question`, adminToken, {
        title: 'A title searched before its edit',
        content: 'Asked so that its title changes.',
        tags: [{ slug_name: 'contents' }],
      })
    ).id as string;
    await stack.settle();
    expect(ids(await questions('status=available&query=before%20its%20edit'))).toEqual([id]);
    await ok('PUT', `${API}/question`, adminToken, {
      id,
      title: 'A title searched after its edit',
      content: 'Asked so that its title changes.',
      tags: [{ slug_name: 'contents' }],
      edit_summary: 'retitled',
    });
    await stack.settle();
    expect(ids(await questions('status=available&query=before%20its%20edit'))).toEqual([]);
    expect(ids(await questions('status=available&query=AFTER%20its%20edit'))).toEqual([id]);
  });

  it('counts a search’s matches on every page of it, past the end and when nothing matches', async () => {
    for (const n of [1, 2, 3])
      await ok('POST', `${API}/question`, adminToken, {
        title: `Counted search question number ${n}`,
        content: 'Asked so that a search has three matches.',
        tags: [{ slug_name: 'contents' }],
      });
    await stack.settle();
    const search = async (page: number) => {
      const found = await questions(`status=available&query=counted%20search&page=${page}&page_size=2`);
      return [found.count, found.list.length];
    };
    expect([await search(1), await search(2), await search(5)]).toEqual([
      [3, 2],
      [3, 1],
      [3, 0],
    ]);
    // Newest first across its pages, the page past the end included.
    const titles = async (page: number) =>
      (await questions(`status=available&query=counted%20search&page=${page}&page_size=2`)).list.map(
        (q: { title: string }) => q.title.slice(-1),
      );
    expect([...(await titles(1)), ...(await titles(2)), ...(await titles(3))]).toEqual(['3', '2', '1']);
    expect((await questions('status=available&query=counted%20nothing')).count).toBe(0);
    const byAuthor = await answers(`status=available&query=user:${author.username}&page=9&page_size=1`);
    expect([byAuthor.count, byAuthor.list.length]).toEqual([1, 0]);
  });
});
