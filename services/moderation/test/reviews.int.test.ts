/**
 * The review queue of suggested edits through the gateway on real PostgreSQL (issue 20 item 3): an edit by a
 * member without `answer.edit_without_review` goes from posts to moderation's queue, a reviewer approves it,
 * and posts shows it, the editor +2 once; rejections, skips per reviewer and bad input; the same across a
 * moderation restart in the middle; and on Kafka when it is there.
 */
import { rebuildInlineReadModel } from '@agora/platform';
import { kafkaBrokers } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownReadModel } from '../src/projections/moderation/read-model';
import { moderationService } from '../src/service';
import {
  admin,
  call,
  type Member,
  makeTag,
  member,
  moderator,
  ok,
  settleAround,
  startModerationStack,
  thread,
} from './support/stack';

async function rankOf(stack: Stack, who: Member): Promise<number> {
  const [row] = await stack.query<{ rank: number }>('select rank from identity.users where user_id = $1', [who.id]);
  return row?.rank ?? Number.NaN;
}

/** The answer's text as posts shows it. */
async function answerText(stack: Stack, answerId: string): Promise<string> {
  return (await ok(stack, 'GET', `answer/info?id=${answerId}`)).info.content;
}

interface QueueItem {
  info: { object_id: string };
  unreviewed_info: { id: string; content: { content: string } };
}

/** Every suggested edit waiting for `who`, page by page (one per page), oldest first. */
async function waitingFor(stack: Stack, who: Member): Promise<QueueItem[]> {
  const first = await ok(stack, 'GET', 'revisions/unreviewed?page=1', who.token);
  const items: QueueItem[] = [...first.list];
  for (let page = 2; page <= first.count; page++) {
    items.push(...(await ok(stack, 'GET', `revisions/unreviewed?page=${page}`, who.token)).list);
  }
  expect(items).toHaveLength(first.count);
  return items;
}

/** A suggested edit of an answer by `editor`, as moderation has it queued; its revision id. */
async function suggest(stack: Stack, editor: Member, answerId: string, content: string): Promise<string> {
  const reply = await ok(stack, 'PUT', 'answer', editor.token, { id: answerId, content, edit_summary: 'clearer' });
  expect(reply).toEqual({ wait_for_review: true });
  await stack.settle();
  const [row] = await stack.query<{ revision_id: string }>(
    'select revision_id from moderation.review_items where object_id = $1 and not settled',
    [answerId],
  );
  if (!row) throw new Error('no suggested edit queued');
  return row.revision_id;
}

function reviewQueue(bus: string, brokers: string[] | undefined) {
  describe(`suggested edits, ${bus}`, () => {
    let stack: Stack;
    let asker: Member;
    let answerer: Member;
    let editor: Member;
    let reviewer: Member;
    let mod: Member;

    beforeAll(async () => {
      stack = await startModerationStack({ kafkaBrokers: brokers });
      const boss = await admin(stack, 'Review Admin');
      await makeTag(stack, boss);
      asker = await member(stack, { name: 'Review Asker' });
      answerer = await member(stack, { name: 'Review Answerer' });
      // Enough to suggest edits (answer.edit, 100 at the default level), not to edit without review (1,000).
      editor = await member(stack, { name: 'Review Editor', rank: 200 });
      // Enough to review question and answer edits (1,000).
      reviewer = await member(stack, { name: 'Review Reviewer', rank: 1000 });
      mod = await moderator(stack, 'Review Moderator');
    });

    afterAll(async () => {
      await stack?.close();
    });

    it('queues a suggested edit, shown beside the answer as it stands, and counts it for reviewers only', async () => {
      const { answer } = await thread(stack, asker, answerer);
      const revision = await suggest(stack, editor, answer, 'An answer a member made clearer.');
      const page = await ok(stack, 'GET', 'revisions/unreviewed?page=1', reviewer.token);
      expect(page.count).toBe(1);
      expect(page.list[0]).toMatchObject({
        type: 'answer',
        info: {
          object_id: answer,
          object_type: 'answer',
          content: 'An answer that a member may flag.',
          title: expect.stringContaining('What should a moderator do here'),
          object_creator_user_id: answerer.id,
        },
        unreviewed_info: {
          id: revision,
          object_id: answer,
          use_id: editor.id,
          status: 1,
          reason: 'clearer',
          content: expect.objectContaining({ content: 'An answer a member made clearer.' }),
          user_info: expect.objectContaining({ id: editor.id }),
        },
      });
      const types = await ok(stack, 'GET', 'reviewing/type', reviewer.token);
      expect(types).toEqual([{ name: 'suggested_post_edit', label: 'Suggested edits', todo_amount: 1 }]);
      // The red dot carries the same count, composed by the gateway from moderation's answer.
      expect(await ok(stack, 'GET', 'notification/status', reviewer.token)).toMatchObject({
        revision: 1,
        can_revision: true,
      });
      expect((await ok(stack, 'GET', 'notification/status', editor.token)).revision).toBe(0);
      // The editor may not review (no audit privilege): their queue is empty and their count 0.
      expect((await ok(stack, 'GET', 'revisions/unreviewed?page=1', editor.token)).count).toBe(0);
      expect((await ok(stack, 'GET', 'reviewing/type', editor.token))[0].todo_amount).toBe(0);
    });

    it('applies an approved edit in posts, the editor +2 once, and refuses a second decision', async () => {
      const { answer } = await thread(stack, asker, answerer);
      const revision = await suggest(stack, editor, answer, 'The approved wording of this answer.');
      const before = await rankOf(stack, editor);
      const byEditor = await call(stack, 'PUT', 'revisions/audit', editor.token, {
        id: revision,
        operation: 'approve',
      });
      expect(byEditor.status).toBe(403);
      expect(await ok(stack, 'PUT', 'revisions/audit', reviewer.token, { id: revision, operation: 'approve' })).toEqual(
        {},
      );
      await settleAround(stack);
      expect(await answerText(stack, answer)).toBe('The approved wording of this answer.');
      // Moderation, posts, votes' ledger, identity: more hops than one settling round may cover on Kafka.
      await eventually(async () => (await rankOf(stack, editor)) === before + 2, 10_000, 50);
      await settleAround(stack);
      expect(await rankOf(stack, editor)).toBe(before + 2);
      const again = await call(stack, 'PUT', 'revisions/audit', mod.token, { id: revision, operation: 'reject' });
      expect([again.status, again.body.reason]).toEqual([400, 'error.revision.reviewed']);
      await settleAround(stack);
      expect(await answerText(stack, answer)).toBe('The approved wording of this answer.');
      expect(await rankOf(stack, editor)).toBe(before + 2);
      const achievements = await ok(stack, 'GET', 'notification/page?type=achievement', editor.token);
      expect(achievements.list.map((n: { action: string }) => n.action)).toContain('reputation');
    });

    it('drops a rejected edit: posts keeps the answer, no reputation', async () => {
      const { answer } = await thread(stack, asker, answerer);
      const revision = await suggest(stack, editor, answer, 'A wording the reviewer turned down.');
      const before = await rankOf(stack, editor);
      await ok(stack, 'PUT', 'revisions/audit', mod.token, { id: revision, operation: 'reject' });
      await settleAround(stack);
      expect(await answerText(stack, answer)).toBe('An answer that a member may flag.');
      expect(await rankOf(stack, editor)).toBe(before);
      // The answer is free to edit again.
      await ok(stack, 'GET', `revisions/edit/check?id=${answer}`, editor.token);
    });

    it('skips per reviewer: gone from their queue, still in everyone else’s', async () => {
      const { answer } = await thread(stack, asker, answerer);
      const revision = await suggest(stack, editor, answer, 'A wording one reviewer passes over.');
      const seen = async (who: Member) => (await waitingFor(stack, who)).map((i) => i.unreviewed_info.id);
      expect(await seen(reviewer)).toContain(revision);
      await ok(stack, 'PUT', 'revisions/audit', reviewer.token, { id: revision, operation: 'skip' });
      expect(await seen(reviewer)).not.toContain(revision);
      expect(await seen(mod)).toContain(revision);
      await ok(stack, 'PUT', 'revisions/audit', mod.token, { id: revision, operation: 'approve' });
      expect(await seen(mod)).not.toContain(revision);
    });

    it('keeps each reviewer’s count current however often it is read: a new edit, a skip, a decision', async () => {
      const count = async (who: Member) =>
        (await ok(stack, 'GET', 'reviewing/type', who.token)).find(
          (t: { name: string }) => t.name === 'suggested_post_edit',
        ).todo_amount as number;
      const [mine, theirs] = [await count(reviewer), await count(mod)];
      // Read twice: the second answer may come from what the first kept.
      expect(await count(reviewer)).toBe(mine);
      const { answer } = await thread(stack, asker, answerer);
      const revision = await suggest(stack, editor, answer, 'A wording that moves the counts.');
      expect([await count(reviewer), await count(mod)]).toEqual([mine + 1, theirs + 1]);
      await ok(stack, 'PUT', 'revisions/audit', reviewer.token, { id: revision, operation: 'skip' });
      expect([await count(reviewer), await count(mod)]).toEqual([mine, theirs + 1]);
      await ok(stack, 'PUT', 'revisions/audit', mod.token, { id: revision, operation: 'reject' });
      expect([await count(reviewer), await count(mod)]).toEqual([mine, theirs]);
      // What another replica commits reaches this one's kept counts through the tables' announcements.
      const other = await suggest(stack, editor, (await thread(stack, asker, answerer)).answer, 'Another wording.');
      expect(await count(mod)).toBe(theirs + 1);
      const settle = (settled: boolean) =>
        stack.query('update moderation.review_items set settled = $2 where revision_id = $1', [other, settled]);
      await settle(true);
      await eventually(async () => (await count(mod)) === theirs, 5000, 20);
      // Put back as moderation's log has it (the replay test below compares with a rebuild), then decided.
      await settle(false);
      await eventually(async () => (await count(mod)) === theirs + 1, 5000, 20);
      await ok(stack, 'PUT', 'revisions/audit', mod.token, { id: other, operation: 'reject' });
      await stack.settle();
    });

    it('answers bad input with a clear 400 or 404 and changes nothing', async () => {
      const decisions = () => stack.query('select * from moderation.review_decisions order by revision_id');
      const before = await decisions();
      const unknown = await call(stack, 'PUT', 'revisions/audit', mod.token, {
        id: '10110000000000000000001',
        operation: 'approve',
      });
      expect([unknown.status, unknown.body.reason]).toEqual([404, 'base.not_found']);
      const badOperation = await call(stack, 'PUT', 'revisions/audit', mod.token, { id: 'x', operation: 'maybe' });
      expect([badOperation.status, badOperation.body.data?.[0]?.error_field]).toEqual([400, 'operation']);
      const noId = await call(stack, 'PUT', 'revisions/audit', mod.token, { operation: 'approve' });
      expect(noId.body.data?.[0]?.error_field).toBe('id');
      const badPage = await call(stack, 'GET', 'revisions/unreviewed?page=0', mod.token);
      expect([badPage.status, badPage.body.data?.[0]?.error_field]).toEqual([400, 'page']);
      expect((await call(stack, 'GET', 'revisions/unreviewed?page=1')).status).toBe(401);
      expect(await decisions()).toEqual(before);
    });

    it('keeps the queue across a moderation restart in the middle, and applies the approval after it', async () => {
      const { answer } = await thread(stack, asker, answerer);
      await stack.stop('moderation');
      // Suggested while moderation is down: posts records it, moderation reads it when it is back.
      await ok(stack, 'PUT', 'answer', editor.token, {
        id: answer,
        content: 'Suggested while moderation was away.',
        edit_summary: 'while down',
      });
      await stack.start(moderationService);
      await stack.settle();
      const item = (await waitingFor(stack, mod)).find((i) => i.info.object_id === answer);
      expect(item?.unreviewed_info.content.content).toBe('Suggested while moderation was away.');
      await ok(stack, 'PUT', 'revisions/audit', mod.token, { id: item?.unreviewed_info.id, operation: 'approve' });
      await settleAround(stack);
      expect(await answerText(stack, answer)).toBe('Suggested while moderation was away.');
    });

    it("gives the same queue, decisions and skips after a replay of moderation's log and of posts' and tags'", async () => {
      const { answer } = await thread(stack, asker, answerer);
      const skippedOne = await suggest(stack, editor, answer, 'A wording skipped before the replay.');
      await ok(stack, 'PUT', 'revisions/audit', reviewer.token, { id: skippedOne, operation: 'skip' });
      const tables = async () => ({
        items: await stack.query('select * from moderation.review_items order by revision_id'),
        decisions: await stack.query('select * from moderation.review_decisions order by revision_id'),
        skips: await stack.query('select * from moderation.review_skips order by revision_id, reviewer_id'),
        objects: await stack.query('select * from moderation.moderated_objects order by object_id'),
      });
      const before = {
        tables: await tables(),
        mod: await waitingFor(stack, mod),
        reviewer: await waitingFor(stack, reviewer),
      };
      expect(before.mod.length).toBeGreaterThan(before.reviewer.length);

      const moderation = stack.service('moderation');
      await rebuildInlineReadModel(moderation.context.database, ownReadModel);
      for (const name of ['objects-from-posts', 'objects-from-tags']) await moderation.projections.rebuild(name);
      await stack.settle();
      expect({
        tables: await tables(),
        mod: await waitingFor(stack, mod),
        reviewer: await waitingFor(stack, reviewer),
      }).toEqual(before);
    });
  });
}

reviewQueue('PostgreSQL log bus', undefined);
const brokers = kafkaBrokers();
if (brokers) reviewQueue('Kafka bus', brokers);
else describe.skip('suggested edits, Kafka bus (set KAFKA_BROKERS or run test:full)', () => it('needs Kafka'));

describe('suggested tag edits', () => {
  let stack: Stack;
  let editor: Member;
  let reviewer: Member;
  let mod: Member;

  beforeAll(async () => {
    stack = await startModerationStack();
    const boss = await admin(stack, 'Tag Review Admin');
    await makeTag(stack, boss);
    // Enough to suggest a tag edit (tag.edit, 50), not to review one (tag.audit, 2,500).
    editor = await member(stack, { name: 'Tag Editor', rank: 200 });
    reviewer = await member(stack, { name: 'Tag Reviewer', rank: 1000 });
    mod = await moderator(stack, 'Tag Moderator');
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('goes from tags to the queue, and once approved tags shows it and the editor gets +2', async () => {
    const tag = await ok(stack, 'GET', 'tag?name=moderation', editor.token);
    const reply = await ok(stack, 'PUT', 'tag', editor.token, {
      tag_id: tag.tag_id,
      original_text: 'Flags, reviews and the people who keep a site tidy.',
      edit_summary: 'a description',
    });
    expect(reply).toEqual({ wait_for_review: true });
    await stack.settle();
    // A member with 1,000 reputation reviews posts' edits, not tags'.
    expect((await waitingFor(stack, reviewer)).map((i) => i.info.object_id)).not.toContain(tag.tag_id);
    const item = (await waitingFor(stack, mod)).find((i) => i.info.object_id === tag.tag_id);
    expect(item).toMatchObject({ type: 'tag', unreviewed_info: { content: { slug_name: 'moderation' } } });
    const before = await rankOf(stack, editor);
    await ok(stack, 'PUT', 'revisions/audit', mod.token, { id: item?.unreviewed_info.id, operation: 'approve' });
    await settleAround(stack);
    expect((await ok(stack, 'GET', 'tag?name=moderation', editor.token)).original_text).toBe(
      'Flags, reviews and the people who keep a site tidy.',
    );
    expect(await rankOf(stack, editor)).toBe(before + 2);
    expect((await waitingFor(stack, mod)).map((i) => i.info.object_id)).not.toContain(tag.tag_id);
  });

  it('drops a rejected tag edit and frees the tag for the next one', async () => {
    const tag = await ok(stack, 'GET', 'tag?name=moderation', editor.token);
    await ok(stack, 'PUT', 'tag', editor.token, { tag_id: tag.tag_id, original_text: 'A description turned down.' });
    await stack.settle();
    const item = (await waitingFor(stack, mod)).find((i) => i.info.object_id === tag.tag_id);
    await ok(stack, 'PUT', 'revisions/audit', mod.token, { id: item?.unreviewed_info.id, operation: 'reject' });
    await settleAround(stack);
    expect((await ok(stack, 'GET', 'tag?name=moderation', editor.token)).original_text).toBe(
      'Flags, reviews and the people who keep a site tidy.',
    );
    await ok(stack, 'GET', `revisions/edit/check?id=${tag.tag_id}`, editor.token);
  });
});
