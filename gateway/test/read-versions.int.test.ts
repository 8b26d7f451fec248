import { ReadVersion, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { postsService } from '@agora/posts';
import { siteService } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser, login } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What the page cache's version check relies on (docs/adr/0071-public-page-caching.md): a service marks a
 * reply drawn from its read models with their version, answers that version on its internal route until they
 * change, and never marks a read that counts each request; the gateway passes no mark on to a caller.
 */
const API = '/answer/api/v1';
let stack: Stack;
let asker: string;

async function ok(method: string, route: string, token: string, body: object) {
  const response = await stack.call(method, `${API}/${route}`, { token, body });
  if (response.status !== 200) throw new Error(`${route}: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

async function serviceGet(service: string, url: string) {
  const response = await stack.service(service).app.inject({ method: 'GET', url });
  return { status: response.statusCode, version: response.headers[ReadVersion.header], body: response.body };
}

const currentVersion = async (service: string) => (await serviceGet(service, ReadVersion.route)).body;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService, postsService, tagsService] });
  asker = await login(stack, await createUser(stack, { roleId: Role.moderator }));
});

afterAll(async () => {
  await stack?.close();
});

describe("services' read-model versions", () => {
  it('marks shared replies with the version they were drawn at, which moves with a change of the read models', async () => {
    const question = await ok('POST', 'question', asker, {
      title: 'Which version does a shared reply carry',
      content: 'The body of a question whose replies carry a version.',
      tags: [{ slug_name: 'versions' }],
    });
    await stack.settle();
    const answers = await serviceGet('posts', `${API}/answer/page?question_id=${question.id}&order=default&page=1`);
    expect(answers.status).toBe(200);
    const before = await currentVersion('posts');
    expect(before).toMatch(/^[\w-]+\.\d+$/);
    expect(answers.version).toBe(before);
    // The same read again: the same version and bytes, while nothing changed.
    const again = await serviceGet('posts', `${API}/answer/page?question_id=${question.id}&order=default&page=1`);
    expect([again.version, again.body]).toEqual([before, answers.body]);
    const comments = await serviceGet('posts', `${API}/comment/question?question_id=${question.id}`);
    expect(comments.version).toBe(before);

    await ok('POST', 'comment', asker, {
      object_id: question.id,
      original_text: 'A comment that moves the version of the read models.',
      mention_username_list: [],
    });
    const after = await currentVersion('posts');
    expect(after).not.toBe(before);
    const changed = await serviceGet('posts', `${API}/comment/question?question_id=${question.id}`);
    expect(changed.version).toBe(after);
    expect(changed.body).toContain('A comment that moves the version of the read models.');
  });

  it("never marks a question's own read, which counts its views, and marks the site's settings", async () => {
    const question = await ok('POST', 'question', asker, {
      title: 'Does the read that counts views carry a version',
      content: 'The body of a question whose own read counts each view.',
      tags: [{ slug_name: 'versions' }],
    });
    await stack.settle();
    const info = await serviceGet('posts', `${API}/question/info?id=${question.id}`);
    expect(info.status).toBe(200);
    expect(info.version).toBeUndefined();
    const site = await serviceGet('site', `${API}/siteinfo`);
    expect(site.version).toBe(await currentVersion('site'));
  });

  it('passes no version on to a caller of the API', async () => {
    const response = await stack.gateway.inject({ method: 'GET', url: `${API}/question/page?page=1&page_size=5` });
    expect(response.statusCode).toBe(200);
    expect(response.headers[ReadVersion.header]).toBeUndefined();
    // The internal route is no public address.
    expect((await stack.gateway.inject({ method: 'GET', url: ReadVersion.route })).statusCode).toBe(404);
  });
});
