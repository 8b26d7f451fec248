/**
 * The bad inputs issue 17 names, each answered 400 with a field error
 * (docs/adr/0018-strings-and-numbers-at-the-edge.md), and the rules that came with them: strict JSON types,
 * usernames without spaces, avatar URLs that are http(s) or the site's own uploads. The generated suite is
 * bad-input-fuzz.int.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from './support/world';

const API = '/answer/api/v1';
let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.stack.close();
});

async function expectFieldError(
  response: { status: number; body: any },
  field: string,
  message?: string,
): Promise<void> {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.reason).toBe('base.request_format_error');
  expect(response.body.data.map((f: { error_field: string }) => f.error_field)).toContain(field);
  if (message) expect(response.body.msg).toBe(message);
}

describe('bad characters', () => {
  it('refuses a NUL in a query parameter with a field error', async () => {
    await expectFieldError(await world.stack.call('GET', `${API}/question/info?id=%00`), 'id', 'Id is invalid.');
    await expectFieldError(
      await world.stack.call('GET', `${API}/personal/user/info?username=a%00b`),
      'username',
      'Username is invalid.',
    );
  });

  it('refuses percent-escapes that are not UTF-8 (a lone surrogate on the wire) in the query', async () => {
    await expectFieldError(await world.stack.call('GET', `${API}/tag?name=%ED%A0%80`), 'name');
    await expectFieldError(await world.stack.call('GET', `${API}/search?q=%FF`), 'q');
  });

  it('refuses a NUL or a lone surrogate in a JSON body, naming the nested field', async () => {
    const token = world.tokens.member;
    await expectFieldError(
      await world.stack.call('POST', `${API}/answer`, {
        token,
        body: { question_id: world.seeds.questionId, content: 'An answer with a \u0000 inside.' },
      }),
      'content',
    );
    await expectFieldError(
      await world.stack.call('POST', `${API}/question`, {
        token,
        body: { title: 'A well-formed title', content: 'Body text here.', tags: [{ slug_name: 'x\ud800' }] },
      }),
      'tags.slug_name',
    );
    await expectFieldError(
      await world.stack.call('PUT', `${API}/user/info`, {
        token,
        body: { display_name: 'Fuzz Member', username: world.users.member.username, bio: 'bio \udc00' },
      }),
      'bio',
    );
  });

  it('refuses a path that is not UTF-8 in the envelope', async () => {
    const response = await world.stack.call('GET', `${API}/file/uploads/%ED%A0%80`);
    expect(response.status).toBe(400);
    expect(response.body.reason).toBe('base.request_format_error');
  });
});

describe('numbers', () => {
  it.each(['99999999999999999999', '1e400', 'Infinity', '0'])('refuses page=%s on a list route', async (page) => {
    await expectFieldError(await world.stack.call('GET', `${API}/question/page?page=${page}`), 'page');
  });

  it('refuses a page size beyond the list maximum and keeps coercing query text', async () => {
    await expectFieldError(await world.stack.call('GET', `${API}/tags/page?page_size=101`), 'page_size');
    expect((await world.stack.call('GET', `${API}/question/page?page=1&page_size=5`)).status).toBe(200);
  });
});

describe('strict JSON types', () => {
  it.each([
    ['a number', 123456789],
    ['an array', ['A title that is long enough']],
    ['an object', { text: 'A title that is long enough' }],
  ])('refuses %s as a question title instead of coercing it', async (_what, title) => {
    const response = await world.stack.call('POST', `${API}/question`, {
      token: world.tokens.member,
      body: { title, content: 'Body text here.', tags: [{ slug_name: world.seeds.tagSlug }] },
    });
    await expectFieldError(response, 'title');
  });

  it('refuses a multipart body on a JSON route and a malformed form on the upload route', async () => {
    const form = '--b\r\ncontent-disposition: form-data; name="title"\r\n\r\nhello\r\n--b--\r\n';
    const onJson = await world.stack.gateway.inject({
      method: 'POST',
      url: `${API}/question`,
      headers: { authorization: world.tokens.member, 'content-type': 'multipart/form-data; boundary=b' },
      payload: form,
    });
    expect(onJson.statusCode).toBe(400);
    expect(onJson.json().reason).toBe('base.request_format_error');
    expect(onJson.json().data).toEqual([{ error_field: 'body', error_msg: 'Request body is invalid.' }]);
    const notJson = await world.stack.gateway.inject({
      method: 'POST',
      url: `${API}/question`,
      headers: { authorization: world.tokens.member, 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect([notJson.statusCode, notJson.json().data?.[0]?.error_field]).toEqual([400, 'body']);
    const truncated = await world.stack.gateway.inject({
      method: 'POST',
      url: `${API}/file`,
      headers: { authorization: world.tokens.member, 'content-type': 'multipart/form-data; boundary=b' },
      payload: form.slice(0, 30),
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().data).toEqual([expect.objectContaining({ error_field: 'file' })]);
  });
});

describe('profile rules', () => {
  const update = (body: Record<string, unknown>) =>
    world.stack.call('PUT', `${API}/user/info`, {
      token: world.tokens.member,
      body: { display_name: 'Fuzz Member', username: world.users.member.username, ...body },
    });

  it('refuses a username with a space or characters outside a-z 0-9 . _ -', async () => {
    await expectFieldError(await update({ username: 'has space' }), 'username');
    await expectFieldError(await update({ username: 'semi;colon' }), 'username');
    expect((await update({ username: 'fuzz.member_2-x' })).status).toBe(200);
  });

  it('takes a custom avatar only as an http(s) URL or one of the site uploads', async () => {
    for (const custom of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/a.png']) {
      await expectFieldError(await update({ avatar: { type: 'custom', custom } }), 'avatar.custom');
    }
    await expectFieldError(await update({ avatar: { type: 'gravatar', gravatar: 'javascript:x' } }), 'avatar.gravatar');
    const upload = `/answer/api/v1/file/uploads/${'a'.repeat(64)}.png`;
    for (const custom of ['https://cdn.example.com/me.png', upload, '']) {
      expect((await update({ avatar: { type: 'custom', custom } })).status).toBe(200);
    }
    const stored = await world.stack.call('GET', `${API}/user/info`, { token: world.tokens.member });
    expect(stored.body.data.avatar).not.toContain('javascript');
  });
});
