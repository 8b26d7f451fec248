import { randomUUID } from 'node:crypto';
import { Idempotency, Role } from '@agora/contracts';
import { setReputation } from '@agora/test-support/accounts';
import { eventually } from '@agora/test-support/eventually';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, member, startVotesStack, thread } from './support/stack';

// Idempotency-Key on writes (docs/adr/0093-idempotent-writes.md), through the gateway, on posts' and votes' writes:
// an ask and a first vote take the one-statement path of a new stream, an answer, a comment and a cancelled vote the
// transaction path.

let stack: Stack;
type Member = Awaited<ReturnType<typeof member>>;
let asker: Member;
let writer: Member;
let other: Member;

const KEY = Idempotency.header;
const REPLAYED = Idempotency.replayedHeader.toLowerCase();

beforeAll(async () => {
  stack = await startVotesStack();
  [asker, writer, other] = [
    await member(stack, { name: 'Keyed Asker' }),
    await member(stack, { name: 'Keyed Writer' }),
    await member(stack, { name: 'Keyed Other' }),
  ];
  await setReputation(stack, writer.id, 500);
  // A moderator brings the tag into use, so that members may use it.
  await thread(stack, await member(stack, { name: 'Keyed Moderator', roleId: Role.moderator }));
});
afterAll(async () => {
  await stack?.close();
});

const send = (who: { token: string } | null, method: string, path: string, body: unknown, key?: string) =>
  stack.call(method, `${API}/${path}`, { token: who?.token, body, headers: key === undefined ? {} : { [KEY]: key } });

const count = async (text: string, values: unknown[]) =>
  Number((await stack.query<{ n: string }>(`select count(*) as n from ${text}`, values))[0]?.n);

const keyState = async (key: string) =>
  (
    await stack.query<{ state: string }>('select state from posts.idempotent_requests where caller = $1 and key = $2', [
      writer.id,
      key,
    ])
  )[0]?.state;

const commentsOn = (objectId: string) => count('posts.comments where object_id = $1', [objectId]);

const question = () => ({
  title: `A keyed question ${randomUUID().slice(0, 8)}`,
  content: 'Asked once, however often the client sends it.',
  tags: [{ slug_name: 'votes' }],
});

describe('Idempotency-Key on writes', () => {
  it('applies a keyed ask, answer, comment and vote once, and answers the retry with the same reply', async () => {
    const ask = question();
    const asked = [
      await send(asker, 'POST', 'question', ask, 'ask-1'),
      await send(asker, 'POST', 'question', ask, 'ask-1'),
    ];
    expect(asked.map((r) => r.status)).toEqual([200, 200]);
    expect(asked[1]?.body).toEqual(asked[0]?.body);
    expect([asked[0]?.headers[REPLAYED], asked[1]?.headers[REPLAYED]]).toEqual([undefined, 'true']);
    expect(await count('posts.questions where title = $1', [ask.title])).toBe(1);
    const questionId = asked[0]?.body.data.id as string;

    const answer = { question_id: questionId, content: 'Answered once, whatever the network does.' };
    const answered = [
      await send(writer, 'POST', 'answer', answer, 'a-1'),
      await send(writer, 'POST', 'answer', answer, 'a-1'),
    ];
    expect(answered.map((r) => r.status)).toEqual([200, 200]);
    expect(answered[1]?.body).toEqual(answered[0]?.body);
    expect(answered[1]?.headers[REPLAYED]).toBe('true');
    expect(await count('posts.answers where question_id = $1', [questionId])).toBe(1);

    const comment = { object_id: questionId, original_text: 'Commented once, keyed.' };
    const commented = [
      await send(writer, 'POST', 'comment', comment, 'c-1'),
      await send(writer, 'POST', 'comment', comment, 'c-1'),
    ];
    expect(commented.map((r) => r.status)).toEqual([200, 200]);
    expect(commented[1]?.body).toEqual(commented[0]?.body);
    expect(await commentsOn(questionId)).toBe(1);

    await stack.settle();
    const vote = { object_id: questionId };
    const voted = [
      await send(writer, 'POST', 'vote/up', vote, 'v-1'),
      await send(writer, 'POST', 'vote/up', vote, 'v-1'),
    ];
    expect(voted.map((r) => r.status)).toEqual([200, 200]);
    expect(voted[1]?.body).toEqual(voted[0]?.body);
    expect(voted[1]?.headers[REPLAYED]).toBe('true');
    // A cancel toggles: applied twice, the second would find no vote to take back.
    const cancel = { object_id: questionId, is_cancel: true };
    const cancelled = [
      await send(writer, 'POST', 'vote/up', cancel, 'v-2'),
      await send(writer, 'POST', 'vote/up', cancel, 'v-2'),
    ];
    expect(cancelled[1]?.body).toEqual(cancelled[0]?.body);
    expect(cancelled[1]?.headers[REPLAYED]).toBe('true');
    expect(await count('votes.events where stream_id like $1', [`%${questionId}%`])).toBe(2);
  });

  it('refuses the same key with another body or on another path (422), and applies neither', async () => {
    const { question: questionId } = await thread(stack, asker);
    const first = await send(
      writer,
      'POST',
      'comment',
      { object_id: questionId, original_text: 'The first text.' },
      'k-2',
    );
    expect(first.status).toBe(200);
    const changed = await send(
      writer,
      'POST',
      'comment',
      { object_id: questionId, original_text: 'Another text.' },
      'k-2',
    );
    expect([changed.status, changed.body.reason]).toEqual([422, 'base.idempotency_key_reused']);
    expect(changed.body.msg).toContain('different request');
    const elsewhere = await send(
      writer,
      'POST',
      'answer',
      { question_id: questionId, content: 'An answer, same key.' },
      'k-2',
    );
    expect([elsewhere.status, elsewhere.body.reason]).toEqual([422, 'base.idempotency_key_reused']);
    expect(await commentsOn(questionId)).toBe(1);
    expect(await count('posts.answers where question_id = $1', [questionId])).toBe(0);
  });

  it('applies one of two duplicates sent at once; the other is its replay or a 409, never a second write', async () => {
    const { question: questionId } = await thread(stack, asker);
    for (let round = 0; round < 5; round++) {
      const comment = { object_id: questionId, original_text: `Sent twice at once, round ${round}.` };
      const key = `dup-${round}`;
      const replies = await Promise.all([
        send(writer, 'POST', 'comment', comment, key),
        send(writer, 'POST', 'comment', comment, key),
      ]);
      const applied = replies.filter((r) => r.status === 200 && r.headers[REPLAYED] === undefined);
      expect(applied).toHaveLength(1);
      for (const reply of replies) {
        if (reply !== applied[0]) expect(reply.status === 409 || reply.headers[REPLAYED] === 'true').toBe(true);
        if (reply.headers[REPLAYED]) expect(reply.body).toEqual(applied[0]?.body);
      }
      expect(await commentsOn(questionId)).toBe(round + 1);
    }
  });

  it('does not apply again a first attempt that committed and lost its reply: 409, reload', async () => {
    const { question: questionId } = await thread(stack, asker);
    const comment = { object_id: questionId, original_text: 'Committed, then the replica died.' };
    expect((await send(writer, 'POST', 'comment', comment, 'lost-1')).status).toBe(200);
    // Its reply is kept after it was sent (ADR 0093): once kept, the update below is not overwritten by it.
    await eventually(async () => (await keyState('lost-1')) === 'done');
    // As if its process had been killed between the commit and keeping the reply: committed, no reply, holder gone.
    await stack.query(
      `update posts.idempotent_requests set state = 'committed', status = null, body = null, holder_pid = -1
       where caller = $1 and key = 'lost-1'`,
      [writer.id],
    );
    const retry = await send(writer, 'POST', 'comment', comment, 'lost-1');
    expect([retry.status, retry.body.reason]).toEqual([409, 'base.idempotency_already_applied']);
    expect(retry.body.msg).toContain('Reload');
    expect(await commentsOn(questionId)).toBe(1);
  });

  it('runs a retry whose first attempt died before committing, once; waits for one still running', async () => {
    const { question: questionId } = await thread(stack, asker);
    const comment = { object_id: questionId, original_text: 'The first attempt died before its commit.' };
    // The hash of this very request, from a first one under another key.
    expect((await send(writer, 'POST', 'comment', comment, 'probe')).status).toBe(200);
    const [probe] = await stack.query<{ request_hash: string }>(
      `select request_hash from posts.idempotent_requests where caller = $1 and key = 'probe'`,
      [writer.id],
    );
    const claimAs = (holderPid: number | null) =>
      stack.query(
        `insert into posts.idempotent_requests (caller, key, request_hash, attempt, holder_pid, holder_node)
         values ($1, 'died-1', $2, gen_random_uuid(), $3, 0)`,
        [writer.id, probe?.request_hash, holderPid],
      );

    // A claim whose process may still be running it (no holder to ask; claimed just now): the retry waits, then 409.
    await claimAs(null);
    const waited = await send(writer, 'POST', 'comment', comment, 'died-1');
    expect([waited.status, waited.body.reason, waited.headers['retry-after']]).toEqual([
      409,
      'base.idempotency_in_progress',
      String(Idempotency.retryAfterSeconds),
    ]);
    expect(await commentsOn(questionId)).toBe(1);

    // Its process is gone (its lease with it): the retry takes the claim over and applies the write, once.
    await stack.query(`update posts.idempotent_requests set holder_pid = -1 where caller = $1 and key = 'died-1'`, [
      writer.id,
    ]);
    const retried = await send(writer, 'POST', 'comment', comment, 'died-1');
    expect([retried.status, retried.headers[REPLAYED]]).toEqual([200, undefined]);
    const again = await send(writer, 'POST', 'comment', comment, 'died-1');
    expect([again.status, again.headers[REPLAYED]]).toEqual([200, 'true']);
    expect(again.body).toEqual(retried.body);
    expect(await commentsOn(questionId)).toBe(2);
  });

  it('scopes a key to its member: another member sending the same key is a write of their own', async () => {
    const { question: questionId } = await thread(stack, asker);
    const comment = { object_id: questionId, original_text: 'Two members, one key.' };
    const mine = await send(writer, 'POST', 'comment', comment, 'shared-key');
    const theirs = await send(other, 'POST', 'comment', comment, 'shared-key');
    expect([mine.status, theirs.status, theirs.headers[REPLAYED]]).toEqual([200, 200, undefined]);
    expect(theirs.body.data.comment_id).not.toBe(mine.body.data.comment_id);
    // Each member's retry is that member's own first reply.
    const [myRetry, theirRetry] = [
      await send(writer, 'POST', 'comment', comment, 'shared-key'),
      await send(other, 'POST', 'comment', comment, 'shared-key'),
    ];
    expect([myRetry.headers[REPLAYED], theirRetry.headers[REPLAYED]]).toEqual(['true', 'true']);
    expect([myRetry.body, theirRetry.body]).toEqual([mine.body, theirs.body]);
    expect(await commentsOn(questionId)).toBe(2);
  });

  it('leaves unkeyed writes, reads and anonymous writes as they were', async () => {
    const { question: questionId } = await thread(stack, asker);
    const comment = { object_id: questionId, original_text: 'Sent twice without a key.' };
    const plain = [await send(writer, 'POST', 'comment', comment), await send(writer, 'POST', 'comment', comment)];
    expect(plain.map((r) => [r.status, r.headers[REPLAYED]])).toEqual([
      [200, undefined],
      [200, undefined],
    ]);
    expect(await commentsOn(questionId)).toBe(2);
    // A read ignores the header, well-formed or not.
    const read = await stack.call('GET', `${API}/question/info?id=${questionId}`, { headers: { [KEY]: 'not a key' } });
    expect(read.status).toBe(200);
    // A sign-in has no member to scope a key to: each is a sign-in of its own, nothing kept.
    const signIn = { e_mail: writer.email, pass: writer.password };
    const signedIn = [
      await send(null, 'POST', 'user/login/email', signIn, 'sign-in'),
      await send(null, 'POST', 'user/login/email', signIn, 'sign-in'),
    ];
    expect(signedIn.map((r) => [r.status, r.headers[REPLAYED]])).toEqual([
      [200, undefined],
      [200, undefined],
    ]);
    expect(signedIn[0]?.body.data.access_token).not.toBe(signedIn[1]?.body.data.access_token);
    expect(await count('identity.idempotent_requests', [])).toBe(0);
  });

  it('refuses a malformed key with a field error on Idempotency-Key, and applies nothing', async () => {
    const { question: questionId } = await thread(stack, asker);
    const comment = { object_id: questionId, original_text: 'A badly keyed comment.' };
    for (const key of ['', 'with space', 'x'.repeat(Idempotency.keyMaxLength + 1), 'naïve']) {
      const refused = await send(writer, 'POST', 'comment', comment, key);
      expect([refused.status, refused.body.data?.[0]?.error_field], key).toEqual([400, KEY]);
      expect(refused.body.msg).toBe(
        `Idempotency Key must be 1 to ${Idempotency.keyMaxLength} visible ASCII characters.`,
      );
    }
    expect((await send(writer, 'POST', 'comment', comment, 'x'.repeat(Idempotency.keyMaxLength))).status).toBe(200);
    expect(await commentsOn(questionId)).toBe(1);
  });
});
