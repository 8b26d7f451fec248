/**
 * The MCP server through the gateway on a listening port, driven by the official MCP SDK client over both
 * transports (the reference's SSE pair and Streamable HTTP), authenticated by API keys: the switch, the keys'
 * scopes and revocation, every tool's result shape, and what a tool never shows (deleted and hidden posts).
 */
import type { Stack } from '@agora/test-support/stack';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, admin, type Member, member, ok, startAssistantStack } from './support/stack';

let stack: Stack;
let url: string;
let boss: Member;
let asker: Member;
let answerer: Member;
let question: string;
let bossQuestion: string;
let answer: string;
let hiddenQuestion: string;
let deletedQuestion: string;
let globalKey: string;
let readOnlyKey: string;

const TRANSPORTS = {
  sse: (key: string) =>
    new SSEClientTransport(new URL(`${url}/answer/api/v1/mcp/sse`), {
      requestInit: { headers: { Authorization: key } },
      eventSourceInit: {
        fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, Authorization: key } }),
      },
    }),
  streamable: (key: string) =>
    new StreamableHTTPClientTransport(new URL(`${url}/answer/api/v1/mcp`), {
      requestInit: { headers: { Authorization: key } },
    }),
};

async function connect(kind: keyof typeof TRANSPORTS, key: string): Promise<Client> {
  const client = new Client({ name: 'agora-test', version: '1.0.0' });
  await client.connect(TRANSPORTS[kind](key));
  return client;
}

async function callJson(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const [first] = result.content as { type: string; text: string }[];
  expect(first?.type).toBe('text');
  try {
    return JSON.parse(first!.text);
  } catch {
    return first!.text;
  }
}

beforeAll(async () => {
  stack = await startAssistantStack();
  url = await stack.listen();
  boss = await admin(stack, 'Key Admin');
  asker = await member(stack, { name: 'Mcp Asker' });
  answerer = await member(stack, { name: 'Mcp Answerer' });
  // The admin brings the tags into use, with a wiki for one of them.
  bossQuestion = (
    await ok(stack, 'POST', 'question', boss.token, {
      title: 'Where do the engine tags come from?',
      content: 'The admin brings the tags engines and gearboxes into use.',
      tags: [{ slug_name: 'engines' }, { slug_name: 'gearboxes' }],
    })
  ).id;
  await stack.settle();
  question = (
    await ok(stack, 'POST', 'question', asker.token, {
      title: 'How do I replace a timing belt on a diesel engine?',
      content: 'The timing belt of my diesel engine squeals on cold mornings. How is it replaced?',
      tags: [{ slug_name: 'engines' }],
    })
  ).id;
  answer = (
    await ok(stack, 'POST', 'answer', answerer.token, {
      question_id: question,
      content: 'Lock the camshaft and the crankshaft first, then release the tensioner.',
    })
  ).info.id;
  await ok(stack, 'POST', 'comment', asker.token, { object_id: answer, original_text: 'Which locking tool fits?' });
  await ok(stack, 'POST', 'answer/acceptance', asker.token, { question_id: question, answer_id: answer });
  hiddenQuestion = (
    await ok(stack, 'POST', 'question', asker.token, {
      title: 'A diesel engine question that the staff hid',
      content: 'This diesel engine question is hidden from the lists by a moderator.',
      tags: [{ slug_name: 'engines' }],
    })
  ).id;
  deletedQuestion = (
    await ok(stack, 'POST', 'question', asker.token, {
      title: 'A diesel engine question its author deleted',
      content: 'This diesel engine question was deleted by its author soon after.',
      tags: [{ slug_name: 'engines' }],
    })
  ).id;
  await ok(stack, 'PUT', 'question/operation', boss.token, { id: hiddenQuestion, operation: 'hide' });
  await ok(stack, 'DELETE', 'question', asker.token, { id: deletedQuestion });
  await stack.settle();
  globalKey = (await ok(stack, 'POST', `${ADMIN_API}/api-key`, boss.token, { description: 'agent', scope: 'global' }))
    .access_key;
  readOnlyKey = (
    await ok(stack, 'POST', `${ADMIN_API}/api-key`, boss.token, { description: 'reader', scope: 'read-only' })
  ).access_key;
  await ok(stack, 'PUT', `${ADMIN_API}/mcp-config`, boss.token, { enabled: true });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

describe('MCP over both transports', () => {
  for (const kind of ['sse', 'streamable'] as const) {
    for (const scope of ['global', 'read-only'] as const) {
      it(`${kind} with a ${scope} key lists every tool and calls each`, async () => {
        const client = await connect(kind, scope === 'global' ? globalKey : readOnlyKey);
        try {
          expect(client.getServerVersion()).toMatchObject({ name: 'Answer Enterprise MCP Server' });
          const { tools } = await client.listTools();
          expect(tools.map((t) => t.name)).toEqual([
            'get_questions',
            'get_answers_by_question_id',
            'get_comments',
            'get_tags',
            'get_tag_detail',
            'get_user',
            'get_question',
            'semantic_search',
          ]);
          expect(tools.find((t) => t.name === 'get_question')?.inputSchema.required).toEqual(['question_id']);

          const found = await callJson(client, 'get_questions', { keyword: 'diesel timing', tag: 'engines' });
          expect(found).toEqual([
            {
              question_id: question,
              title: 'How do I replace a timing belt on a diesel engine?',
              content: 'The timing belt of my diesel engine squeals on cold mornings. How is it replaced?',
              link: `http://agora.test/questions/${question}`,
            },
          ]);
          // Hidden and deleted questions stay out, whatever matches them.
          const diesel = (await callJson(client, 'get_questions', { keyword: 'diesel' })) as { question_id: string }[];
          expect(diesel.map((q) => q.question_id)).toEqual([question]);
          expect(await callJson(client, 'get_questions', { username: asker.username, score: '1' })).toEqual([]);

          expect(await callJson(client, 'get_answers_by_question_id', { question_id: question })).toEqual([
            {
              question_id: question,
              answer_id: answer,
              answer_content: 'Lock the camshaft and the crankshaft first, then release the tensioner.',
              link: `http://agora.test/questions/${question}/${answer}`,
            },
          ]);
          expect(await callJson(client, 'get_answers_by_question_id', { question_id: deletedQuestion })).toEqual([]);
          const [comment] = await callJson(client, 'get_comments', { object_id: answer });
          expect(comment).toMatchObject({ content: 'Which locking tool fits?', object_id: answer });
          expect(comment.link).toBe(
            `http://agora.test/questions/${question}/${answer}?commentId=${comment.comment_id}`,
          );

          expect(await callJson(client, 'get_tags', { tag_name: 'engine' })).toEqual([
            { tag_name: 'engines', display_name: 'engines', description: '', link: 'http://agora.test/tags/engines' },
          ]);
          expect(await callJson(client, 'get_tag_detail', { tag_name: 'gearboxes' })).toMatchObject({
            tag_name: 'gearboxes',
          });
          expect(await callJson(client, 'get_tag_detail', { tag_name: 'no-such-tag' })).toBe('Tag not found.');
          expect(await callJson(client, 'get_user', { username: answerer.username })).toEqual({
            username: answerer.username,
            display_name: 'Mcp Answerer',
            avatar: expect.any(String),
            link: `http://agora.test/users/${answerer.username}`,
          });
          expect(await callJson(client, 'get_user', { username: 'nobody-here' })).toBe('User not found.');

          const detail = await callJson(client, 'get_question', { question_id: question });
          expect(detail).toMatchObject({
            question_id: question,
            accepted_answer_id: answer,
            score: 0,
            tags: ['engines'],
            author: asker.username,
            answers: [{ answer_id: answer, accepted: true, score: 0, author: answerer.username }],
          });
          expect(await callJson(client, 'get_question', { question_id: hiddenQuestion })).toBe('Question not found.');
          expect(await callJson(client, 'semantic_search', { query: 'belt noise' })).toMatch(/not available/);
          // A bad argument is the tool's error, for the model to read, not a failed call.
          const bad = await client.callTool({ name: 'get_question', arguments: {} });
          expect(bad.isError).toBe(true);
        } finally {
          await client.close();
        }
      });
    }
  }
});

describe('keys and the switch', () => {
  const post = (key: string | undefined) =>
    fetch(`${url}/answer/api/v1/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(key ? { authorization: key } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  it('refuses a missing or unknown key with 401, and every key with 403 while the server is off', async () => {
    expect((await post(undefined)).status).toBe(401);
    expect((await post(`sk_${'0'.repeat(32)}`)).status).toBe(401);
    expect((await post(`Bearer ${globalKey}`)).status).toBe(200);
    await ok(stack, 'PUT', `${ADMIN_API}/mcp-config`, boss.token, { enabled: false });
    expect((await post(globalKey)).status).toBe(403);
    const config = await ok(stack, 'GET', `${ADMIN_API}/mcp-config`, boss.token);
    expect(config).toEqual({
      enabled: false,
      type: 'Server-Sent Event (SSE)',
      url: 'http://agora.test/answer/api/v1/mcp/sse',
      http_header: 'Authorization={key}',
    });
    await stack.settle();
    expect((await ok(stack, 'GET', 'siteinfo')).mcp_enabled).toBe(false);
    await ok(stack, 'PUT', `${ADMIN_API}/mcp-config`, boss.token, { enabled: true });
    expect((await post(globalKey)).status).toBe(200);
    await stack.settle();
    expect((await ok(stack, 'GET', 'siteinfo')).mcp_enabled).toBe(true);
  });

  it('lists keys masked, never the key; records their last use; a revoked key fails on its next request', async () => {
    const client = await connect('sse', globalKey);
    const keys = (await ok(stack, 'GET', `${ADMIN_API}/api-key/all`, boss.token)) as Record<string, unknown>[];
    expect(keys.map((k) => k.description)).toEqual(['reader', 'agent']);
    const agent = keys.find((k) => k.description === 'agent')!;
    expect(agent.access_key).toBe(`${globalKey.slice(0, 7)}********${globalKey.slice(-4)}`);
    expect(JSON.stringify(keys)).not.toContain(globalKey.slice(7, -4));
    expect(agent.last_used_at).toBeGreaterThanOrEqual(agent.created_at as number);
    const used = await stack.query<{ n: number }>('select count(*)::int as n from assistant.api_key_use');
    expect(used[0]!.n).toBe(2);
    // Uses within the minute wrote nothing, not even a row lock (a transaction id and a flushed commit per request).
    const locked = await stack.query<{ n: number }>(
      `select count(*)::int as n from assistant.api_key_use where xmax::text <> '0'`,
    );
    expect(locked[0]!.n).toBe(0);
    const stored = await stack.query<{ key_sha256: string }>('select key_sha256 from assistant.api_keys');
    expect(JSON.stringify(stored)).not.toContain(globalKey);

    await ok(stack, 'PUT', `${ADMIN_API}/api-key`, boss.token, { id: agent.id, description: 'renamed agent' });
    await ok(stack, 'DELETE', `${ADMIN_API}/api-key`, boss.token, { id: agent.id });
    // The open session's next message is refused, and so is a new connection.
    await expect(client.listTools()).rejects.toThrow();
    expect((await post(globalKey)).status).toBe(401);
    expect((await post(readOnlyKey)).status).toBe(200);
    const after = (await ok(stack, 'GET', `${ADMIN_API}/api-key/all`, boss.token)) as { description: string }[];
    expect(after.map((k) => k.description)).toEqual(['reader']);
    await client.close().catch(() => {});
  });

  it('is for admins only, with per-field 400s', async () => {
    const plain = await stack.call('GET', `${ADMIN_API}/api-key/all`, { token: asker.token });
    expect(plain.status).toBe(403);
    const bad = await stack.call('POST', `${ADMIN_API}/api-key`, {
      token: boss.token,
      body: { description: 'x'.repeat(151), scope: 'everything' },
    });
    expect(bad.status).toBe(400);
    const unknown = await stack.call('DELETE', `${ADMIN_API}/api-key`, { token: boss.token, body: { id: 999 } });
    expect(unknown.status).toBe(404);
  });
});

describe('the library follows the community', () => {
  it('after a tag merge, answers the merged tag as its target and the questions under the target', async () => {
    const tagId = async (name: string) => (await ok(stack, 'GET', `tag?name=${name}`, boss.token)).tag_id as string;
    await ok(stack, 'POST', 'tag/merge', boss.token, {
      source_tag_id: await tagId('gearboxes'),
      target_tag_id: await tagId('engines'),
    });
    await stack.settle();
    await stack.settle();
    const client = await connect('streamable', readOnlyKey);
    try {
      expect(await callJson(client, 'get_tag_detail', { tag_name: 'gearboxes' })).toMatchObject({
        tag_name: 'engines',
      });
      const detail = await callJson(client, 'get_question', { question_id: bossQuestion });
      expect(detail.tags).toEqual(['engines']);
    } finally {
      await client.close();
    }
  });
});

describe('get_questions beyond the newest questions', () => {
  const OLD = '2020-01-01T00:00:00Z';
  const libraryRow = (id: string, title: string, body: string, at: string, flags = '') =>
    stack.query(
      `insert into assistant.library_posts (id, kind, question_id, user_id, title, url_title, body, tags, deleted,
         hidden, created_at, updated_at, version)
       values ($1, 'question', $1, $2, $3, 'old', $4, '[{"slug_name": "zebras", "display_name": "zebras"}]',
               $5, $6, $7, $7, 1)`,
      [id, asker.id, title, body, flags === 'deleted', flags === 'hidden', at],
    );
  const ids = (found: { question_id: string }[]) => found.map((q) => q.question_id);

  it('finds rare words on old questions behind a thousand newer ones, and the newest of common ones', async () => {
    // The library as its projection would hold it: written directly, 1,010 questions being slow to ask through commands.
    await libraryRow('10010000000000099000001', 'Quokka husbandry before the flood', 'An old filler question.', OLD);
    await libraryRow('10010000000000099000002', 'Quokka husbandry, deleted', 'An old filler question.', OLD, 'deleted');
    await libraryRow('10010000000000099000003', 'Quokka husbandry, hidden', 'An old filler question.', OLD, 'hidden');
    await libraryRow(
      '10010000000000099000004',
      'Quokka husbandry, a later note',
      'Nothing else.',
      '2020-01-02T00:00:00Z',
    );
    await stack.query(
      `insert into assistant.library_posts (id, kind, question_id, user_id, title, url_title, body, created_at,
         updated_at, version)
       select id, 'question', id, $1, 'Filler question number ' || n, 'filler', 'Nothing rare here.', at, at, 1
       from generate_series(1, 1010) n,
            lateral (select '1001000000000009800' || lpad(n::text, 4, '0') as id,
                            now() - interval '30 days' + n * interval '1 minute' as at) x`,
      [asker.id],
    );
    const newestFillers = [
      '10010000000000098001010',
      '10010000000000098001009',
      '10010000000000098001008',
      '10010000000000098001007',
      '10010000000000098001006',
    ];
    const client = await connect('streamable', readOnlyKey);
    try {
      expect(ids(await callJson(client, 'get_questions', { keyword: 'quokka' }))).toEqual([
        '10010000000000099000004',
        '10010000000000099000001',
      ]);
      expect(await callJson(client, 'get_questions', { keyword: 'husbandry flood', tag: 'zebras' })).toMatchObject([
        { question_id: '10010000000000099000001', title: 'Quokka husbandry before the flood' },
      ]);
      // A word common among the newest is checked on the rare word's questions, not looked up: it still counts.
      expect(ids(await callJson(client, 'get_questions', { keyword: 'quokka filler' }))).toEqual([
        '10010000000000099000001',
      ]);
      expect(ids(await callJson(client, 'get_questions', { keyword: 'filler' }))).toEqual(newestFillers);
      expect(ids(await callJson(client, 'get_questions', { keyword: 'filler question' }))).toEqual(newestFillers);
    } finally {
      await client.close();
    }
  });
});
