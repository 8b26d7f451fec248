import { setTimeout as sleep } from 'node:timers/promises';
import { rebuildInlineReadModel } from '@agora/platform';
import type { Stack } from '@agora/test-support/stack';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagsReadModel } from '../src/projections/tags/read-model';
import { TAG_ROWS_LOCK } from '../src/projections/tags/row-locks';
import { API, ask, counts, getTag, type Member, member, moderator, tagsStack } from './support';

let stack: Stack;
let mod: Member;
let creator: Member;
let newcomer: Member;

beforeAll(async () => {
  stack = await tagsStack();
  mod = await moderator(stack);
  creator = await member(stack, { rank: 750 });
  newcomer = await member(stack);
});
afterAll(async () => {
  await stack?.close();
});

const editTags = (token: string, q: { id: string; title: string }, tags: string[]) =>
  stack.call('PUT', `${API}/question`, {
    token,
    body: { id: q.id, title: q.title, content: 'The body, edited.', tags: tags.map((slug_name) => ({ slug_name })) },
  });
const tagEvents = (tagId: string) =>
  stack.query<{ type: string; data: Record<string, unknown> }>(
    'select type, data from tags.events where stream_id = $1 order by stream_version',
    [tagId],
  );

describe('tags created by asking', () => {
  it('creates the new tags of a privileged asker, once, as the asker', async () => {
    const q = await ask(stack, creator.token, ['brand-new', 'Another New'], 'A question with new tags');
    await stack.settle();
    const tag = (await getTag(stack, 'brand-new')).body.data;
    expect(tag).toMatchObject({ slug_name: 'brand-new', display_name: 'brand-new', question_count: 1 });
    expect((await getTag(stack, 'another-new')).body.data.question_count).toBe(1);
    const events = await tagEvents(tag.tag_id);
    expect(events).toEqual([
      {
        type: 'tags.tag_created',
        data: expect.objectContaining({ question_id: q.id, user_id: creator.id, slug_name: 'brand-new' }),
      },
    ]);
    // Replaying the saga from position zero decides nothing again.
    const before = await stack.query('select count(*)::int as n from tags.events');
    await stack.service('tags').projections.rebuild('tag-creation');
    await stack.settle();
    expect(await stack.query('select count(*)::int as n from tags.events')).toEqual(before);
  });

  it('creates nothing for an asker without tag.add: posts refuses the question', async () => {
    const refused = await stack.call('POST', `${API}/question`, {
      token: newcomer.token,
      body: { title: 'An unprivileged new tag', content: 'Some body text.', tags: [{ slug_name: 'nobody-made-me' }] },
    });
    expect(refused.status).toBe(400);
    await stack.settle();
    expect((await getTag(stack, 'nobody-made-me')).status).toBe(404);
  });

  it('recovers a deleted tag put back to use, and a replay does not undo a later deletion', async () => {
    const q = await ask(stack, mod.token, ['phoenix'], 'Rising again');
    await stack.settle();
    const tag = (await getTag(stack, 'phoenix')).body.data;
    expect((await editTags(mod.token, q, ['brand-new'])).status).toBe(200);
    await stack.settle();
    await stack.call('DELETE', `${API}/tag`, { token: mod.token, body: { tag_id: tag.tag_id } });
    await stack.settle();
    await ask(stack, mod.token, ['phoenix'], 'Rising once more');
    await stack.settle();
    expect((await getTag(stack, 'phoenix')).body.data).toMatchObject({ status: 'available', question_count: 1 });
    expect((await tagEvents(tag.tag_id)).map((e) => e.type)).toEqual([
      'tags.tag_created',
      'tags.tag_deleted',
      'tags.tag_undeleted',
    ]);
  });
});

describe('question counts', () => {
  it('follow questions through edits that add and remove tags, deletion, hiding and closing', async () => {
    const q = await ask(stack, mod.token, ['count-a', 'count-b'], 'Counting questions per tag');
    await ask(stack, mod.token, ['count-b'], 'Another one for b');
    await stack.settle();
    expect(await counts(stack, 'count-a', 'count-b', 'count-c')).toEqual({ 'count-a': 1, 'count-b': 2, 'count-c': -1 });

    expect((await editTags(mod.token, q, ['count-b', 'count-c'])).status).toBe(200);
    await stack.settle();
    expect(await counts(stack, 'count-a', 'count-b', 'count-c')).toEqual({ 'count-a': 0, 'count-b': 2, 'count-c': 1 });

    expect((await editTags(mod.token, q, ['count-a'])).status).toBe(200);
    await stack.settle();
    expect(await counts(stack, 'count-a', 'count-b', 'count-c')).toEqual({ 'count-a': 1, 'count-b': 1, 'count-c': 0 });

    await stack.call('DELETE', `${API}/question`, { token: mod.token, body: { id: q.id } });
    await stack.settle();
    expect(await counts(stack, 'count-a')).toEqual({ 'count-a': 0 });
    await stack.call('POST', `${API}/question/recover`, { token: mod.token, body: { question_id: q.id } });
    await stack.settle();
    expect(await counts(stack, 'count-a')).toEqual({ 'count-a': 1 });

    const operate = (operation: string) =>
      stack.call('PUT', `${API}/question/operation`, { token: mod.token, body: { id: q.id, operation } });
    await operate('hide');
    await stack.settle();
    expect(await counts(stack, 'count-a')).toEqual({ 'count-a': 0 });
    await operate('show');
    await stack.call('PUT', `${API}/question/status`, {
      token: mod.token,
      body: { id: q.id, close_type: 1, close_msg: 'Closed questions still count' },
    });
    await stack.settle();
    expect(await counts(stack, 'count-a')).toEqual({ 'count-a': 1 });
  });

  it('count a suggested edit only once it is applied', async () => {
    const q = await ask(stack, mod.token, ['count-d'], 'A question others suggest edits to');
    const suggester = await member(stack, { rank: 150 });
    await stack.settle();
    const before = await counts(stack, 'count-d', 'count-b');
    const suggested = await editTags(suggester.token, q, ['count-b']);
    expect(suggested.body.data.wait_for_review).toBe(true);
    await stack.settle();
    expect(await counts(stack, 'count-d', 'count-b')).toEqual(before);
    expect(before['count-d']).toBe(1);
  });

  it('keep a tag with questions, or with synonyms, from being deleted', async () => {
    const used = (await getTag(stack, 'count-b')).body.data;
    const refused = await stack.call('DELETE', `${API}/tag`, { token: mod.token, body: { tag_id: used.tag_id } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      data: { err_type: 'toast' },
      msg: 'A tag that has questions or synonyms cannot be deleted.',
    });
    const main = (await getTag(stack, 'count-c')).body.data;
    expect(main.question_count).toBe(0);
    await stack.call('PUT', `${API}/tag/synonym`, {
      token: mod.token,
      body: { tag_id: main.tag_id, synonym_tag_list: [{ slug_name: 'count-c-alias' }] },
    });
    const withSynonym = await stack.call('DELETE', `${API}/tag`, { token: mod.token, body: { tag_id: main.tag_id } });
    expect(withSynonym.body.reason).toBe('error.tag.in_use');
    await stack.call('PUT', `${API}/tag/synonym`, {
      token: mod.token,
      body: { tag_id: main.tag_id, synonym_tag_list: [] },
    });
    expect((await stack.call('DELETE', `${API}/tag`, { token: mod.token, body: { tag_id: main.tag_id } })).status).toBe(
      200,
    );
  });
});

describe('concurrent writers', () => {
  it('keep counts exact and park nothing while questions, tag creations and follow lists race', async () => {
    const slugs = ['race-a', 'race-b', 'race-c', 'race-d', 'race-e', 'race-f'];
    const expected = Object.fromEntries(slugs.map((s) => [s, 0]));
    const followers = await Promise.all([member(stack), member(stack), member(stack)]);
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 24; i++) {
      // Each question names three of the tags, in an order of its own.
      const chosen = [slugs[i % 6]!, slugs[(i * 5 + 1) % 6]!, slugs[(i * 7 + 3) % 6]!].filter(
        (s, k, all) => all.indexOf(s) === k,
      );
      for (const s of chosen) expected[s]! += 1;
      work.push(ask(stack, mod.token, chosen, `A racing question number ${i}`));
      if (i % 4 === 0) {
        work.push(
          stack.call('POST', `${API}/tag`, {
            token: creator.token,
            body: { slug_name: slugs[(i / 4) % 6], display_name: 'Racing' },
          }),
        );
      }
      if (i % 3 === 0) {
        const follower = followers[i % 3]!;
        const list = [...slugs].sort(() => (i % 2 ? 1 : -1)).slice(0, 4);
        work.push(stack.call('PUT', `${API}/follow/tags`, { token: follower.token, body: { slug_name_list: list } }));
      }
    }
    await Promise.all(work);
    await stack.settle();
    expect(await counts(stack, ...slugs)).toEqual(expected);
    expect(await stack.query('select projection, error from tags.dead_letters')).toEqual([]);
    const [followRows] = await stack.query<{ n: number }>(
      `select count(*)::int as n from tags.tags t
       where t.slug_name like 'race-%' and t.follow_count <> (select count(*) from tags.tag_follows f where f.tag_id = t.id)`,
    );
    expect(followRows?.n).toBe(0);
  });
});

describe('rebuilds', () => {
  /** Every tags read-model table, and posts' copy of the tags, rows in a stable order. */
  async function snapshot() {
    const tables: Record<string, string> = {
      tags: 'select * from tags.tags order by id',
      tag_revisions: 'select * from tags.tag_revisions order by id',
      tag_follows: 'select * from tags.tag_follows order by user_id, tag_id',
      question_tag_state: 'select * from tags.question_tag_state order by question_id',
      question_tag_links: 'select * from tags.question_tag_links order by slug_name, question_id',
      tag_listing: 'select * from tags.tag_listing',
      tag_catalog: 'select * from posts.tag_catalog order by tag_id',
    };
    const result: Record<string, unknown[]> = {};
    // Change stamps and the rebuild generation say when rows were written, not what they hold.
    const stamps = new Set(['changed_tx', 'changed_seq', 'generation']);
    for (const [name, query] of Object.entries(tables)) {
      result[name] = (await stack.query(query)).map((row) =>
        Object.fromEntries(Object.entries(row).filter(([column]) => !stamps.has(column))),
      );
    }
    return result;
  }

  it('rebuilt from zero, the read models equal the live ones', async () => {
    const main = (await getTag(stack, 'brand-new')).body.data;
    await stack.call('PUT', `${API}/tag/synonym`, {
      token: mod.token,
      body: { tag_id: main.tag_id, synonym_tag_list: [{ slug_name: 'fresh' }] },
    });
    await stack.call('PUT', `${API}/follow/tags`, {
      token: creator.token,
      body: { slug_name_list: ['brand-new', 'count-a'] },
    });
    await stack.call('PUT', `${API}/tag`, {
      token: mod.token,
      body: { tag_id: main.tag_id, original_text: 'Now *described*' },
    });
    await stack.settle();
    const live = await snapshot();
    expect((live.tags as { question_count: number }[]).some((t) => t.question_count > 0)).toBe(true);
    const listed = (live.tags as { status: number; main_tag_id: string | null }[]).filter(
      (t) => t.status === 1 && t.main_tag_id === null,
    ).length;
    expect(live.tag_listing).toEqual([{ id: true, listed }]);
    expect(live.tag_catalog!.length).toBe(live.tags!.length);

    const tags = stack.service('tags');
    expect(await rebuildInlineReadModel(tags.context.database, tagsReadModel)).toBeGreaterThan(10);
    await tags.projections.rebuild('question-counts');
    await stack.service('posts').projections.rebuild('tag-catalog');
    await stack.settle();
    expect(await snapshot()).toEqual(live);

    // In the other order too: counts first, then the tags themselves.
    await tags.projections.rebuild('question-counts');
    await stack.settle();
    await rebuildInlineReadModel(tags.context.database, tagsReadModel);
    expect(await snapshot()).toEqual(live);
  });
});

describe('a tag created while its questions are being counted', () => {
  it('counts the questions a projection batch files under its slug meanwhile', async () => {
    // A question-counts batch in flight: it holds the tag-rows lock and has filed a question under a slug
    // that no tag has yet, not committed.
    const batch = new pg.Client({ connectionString: stack.databaseUrl });
    await batch.connect();
    await batch.query('begin');
    await batch.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [TAG_ROWS_LOCK]);
    await batch.query(
      "insert into tags.question_tag_links (slug_name, question_id) values ('late-tag', 'q-in-flight')",
    );
    const creating = stack.call('POST', `${API}/tag`, {
      token: creator.token,
      body: { slug_name: 'late-tag', display_name: 'Late' },
    });
    await sleep(300);
    await batch.query('commit');
    await batch.end();
    expect((await creating).status).toBe(200);
    expect((await getTag(stack, 'late-tag')).body.data.question_count).toBe(1);
    await stack.query("delete from tags.question_tag_links where question_id = 'q-in-flight'");
  });
});
