import { setReputation } from '@agora/test-support/accounts';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTag, getTag, type Member, member, moderator, setTagSettings, tagsStack } from './support';

let stack: Stack;
let mod: Member;
let creator: Member;
let newcomer: Member;
let editor: Member;

beforeAll(async () => {
  stack = await tagsStack();
  mod = await moderator(stack);
  creator = await member(stack, { rank: 750 });
  newcomer = await member(stack);
  editor = await member(stack, { rank: 50 });
});
afterAll(async () => {
  await stack?.close();
});

const post = (token: string | undefined, body: unknown) => stack.call('POST', `${API}/tag`, { token, body });
const put = (token: string | undefined, body: unknown) => stack.call('PUT', `${API}/tag`, { token, body });

describe('creating a tag', () => {
  it('creates a tag with a markdown description and reads it by name, any case, and by id', async () => {
    const created = await post(creator.token, {
      slug_name: 'Event Sourcing',
      display_name: 'Event sourcing',
      original_text: 'Events as the **source** of truth. <script>alert(1)</script>',
    });
    expect(created.body).toMatchObject({ code: 200, data: { slug_name: 'event-sourcing' } });
    const byName = await getTag(stack, 'EVENT-SOURCING', creator.token);
    expect(byName.status).toBe(200);
    const tag = byName.body.data;
    expect(tag).toMatchObject({
      slug_name: 'event-sourcing',
      display_name: 'Event sourcing',
      main_tag_slug_name: '',
      question_count: 0,
      follow_count: 0,
      is_follower: false,
      recommend: false,
      reserved: false,
      status: 'available',
      original_text: 'Events as the **source** of truth. <script>alert(1)</script>',
      member_actions: [{ action: 'edit', name: 'Edit', type: 'edit' }],
    });
    expect(tag.tag_id).toMatch(/^1003\d{19}$/);
    expect(tag.parsed_text).toContain('<strong>source</strong>');
    expect(tag.parsed_text).not.toContain('<script');
    expect(tag.excerpt).toBe('Events as the source of truth.');
    expect(tag.description).toBe(tag.excerpt);
    expect(tag.created_at).toBeGreaterThan(1_700_000_000);
    const byId = await stack.call('GET', `${API}/tag?id=${tag.tag_id}`);
    expect(byId.body.data).toMatchObject({ tag_id: tag.tag_id, slug_name: 'event-sourcing', member_actions: [] });
    const bySwaggerNames = await stack.call('GET', `${API}/tag?tag_id=${tag.tag_id}`);
    expect(bySwaggerNames.body.data.slug_name).toBe('event-sourcing');
    const modView = await getTag(stack, 'event-sourcing', mod.token);
    expect(modView.body.data.member_actions.map((a: { action: string }) => a.action)).toEqual([
      'edit',
      'delete',
      'merge',
    ]);
  });

  it('takes display names in any script, and slugs of a-z 0-9 + # - . only', async () => {
    const created = await post(creator.token, { slug_name: 'c#', display_name: 'C＃ 编程语言 — ünïcödé ✓' });
    expect(created.status).toBe(200);
    expect((await getTag(stack, 'c#')).body.data.display_name).toBe('C＃ 编程语言 — ünïcödé ✓');
    expect((await post(creator.token, { slug_name: 'node.js+more', display_name: 'Node' })).status).toBe(200);
    const chinese = await post(creator.token, { slug_name: '编程', display_name: 'Programming' });
    expect(chinese.status).toBe(400);
    expect(chinese.body.data).toEqual([
      {
        error_field: 'slug_name',
        error_msg: 'The tag "编程" may use only a-z, 0-9, +, #, - and ., up to 35 characters.',
      },
    ]);
    // 35 characters of any script fit; the 36th does not.
    expect((await post(creator.token, { slug_name: 'long-name', display_name: '字'.repeat(35) })).status).toBe(200);
  });

  it('answers bad input with a message per field and changes nothing', async () => {
    const empty = await post(creator.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.reason).toBe('base.request_format_error');
    expect(empty.body.data).toEqual([
      { error_field: 'slug_name', error_msg: 'Slug name cannot be empty.' },
      { error_field: 'display_name', error_msg: 'Display name cannot be empty.' },
    ]);
    const long = await post(creator.token, {
      slug_name: 'x'.repeat(36),
      display_name: 'y'.repeat(36),
      original_text: 'z'.repeat(65537),
    });
    expect(long.body.data).toEqual([
      { error_field: 'slug_name', error_msg: 'Slug name must be at most 35 characters.' },
      { error_field: 'display_name', error_msg: 'Display name must be at most 35 characters.' },
      { error_field: 'original_text', error_msg: 'Original text must be at most 65536 characters.' },
    ]);
    const blank = await post(creator.token, { slug_name: 'blank-name', display_name: '   ' });
    expect(blank.body.data).toEqual([{ error_field: 'display_name', error_msg: 'Display name cannot be empty.' }]);
    const wrongTypes = await post(creator.token, { slug_name: { a: 1 }, display_name: ['x', 'y'] });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.data.map((e: { error_field: string }) => e.error_field)).toEqual([
      'slug_name',
      'display_name',
    ]);
    const zh = await stack.call('POST', `${API}/tag`, {
      token: creator.token,
      body: { display_name: 'x' },
      headers: { 'accept-language': 'zh_CN' },
    });
    expect(zh.body.data).toEqual([{ error_field: 'slug_name', error_msg: '缩略名不能为空。' }]);
    expect((await getTag(stack, 'blank-name')).status).toBe(404);
  });

  it('refuses a slug that exists, in any case', async () => {
    await createTag(stack, creator.token, { slug_name: 'kafka' });
    const again = await post(creator.token, { slug_name: 'KAFKA', display_name: 'Kafka again' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ reason: 'error.tag.already_exists', msg: 'The tag "kafka" already exists.' });
  });

  it('needs an activated account with the tag.add privilege', async () => {
    const body = { slug_name: 'gated', display_name: 'Gated' };
    expect((await post(undefined, body)).status).toBe(401);
    const inactive = await member(stack, { activated: false });
    const notActivated = await post(inactive.token, body);
    expect(notActivated.status).toBe(403);
    expect(notActivated.body.data).toEqual({ type: 'inactive' });
    const tooLittle = await post(newcomer.token, body);
    expect(tooLittle.status).toBe(403);
    expect(tooLittle.body).toMatchObject({
      reason: 'base.forbidden_error',
      msg: 'You need at least 750 reputation to do this.',
      data: null,
    });
    const zh = await stack.call('POST', `${API}/tag`, {
      token: newcomer.token,
      body,
      headers: { 'accept-language': 'zh_CN' },
    });
    expect(zh.body.msg).toBe('你至少需要 750 声望才能执行此操作。');
    expect((await getTag(stack, 'gated')).status).toBe(404);
  });

  it('keeps reserved tags for moderators', async () => {
    await setTagSettings(stack, { reserved_tags: [{ slug_name: 'announcements', display_name: 'Announcements' }] });
    const refused = await post(creator.token, { slug_name: 'Announcements', display_name: 'News' });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Only moderators can use reserved tags.');
    expect((await post(mod.token, { slug_name: 'announcements', display_name: 'News' })).status).toBe(200);
    expect((await getTag(stack, 'announcements')).body.data).toMatchObject({ reserved: true, recommend: false });
    await setTagSettings(stack, {});
    expect((await getTag(stack, 'announcements')).body.data.reserved).toBe(false);
  });
});

describe('reading a tag', () => {
  it('needs an id or a name, well formed, and answers 404 for an unknown one', async () => {
    const none = await stack.call('GET', `${API}/tag`);
    expect(none.status).toBe(400);
    expect(none.body.data).toEqual([{ error_field: 'id', error_msg: 'Id cannot be empty.' }]);
    const long = await stack.call('GET', `${API}/tag?name=${'a'.repeat(36)}`);
    expect(long.body.data).toEqual([{ error_field: 'name', error_msg: 'Name must be at most 35 characters.' }]);
    const unknown = await getTag(stack, 'never-heard-of-it');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ reason: 'base.not_found', msg: 'The tag does not exist.' });
  });
});

describe('editing a tag', () => {
  it('applies the edit of a user with tag.edit_without_review at once', async () => {
    const tag = await createTag(stack, creator.token, { slug_name: 'postgres', original_text: 'Old' });
    const trusted = await member(stack, { rank: 10_000 });
    const edited = await put(trusted.token, {
      tag_id: tag.tag_id,
      display_name: 'PostgreSQL',
      original_text: 'The *database*.',
      edit_summary: 'proper name',
    });
    expect(edited.body).toMatchObject({ code: 200, data: { wait_for_review: false } });
    const after = (await getTag(stack, 'postgres')).body.data;
    expect(after).toMatchObject({
      display_name: 'PostgreSQL',
      original_text: 'The *database*.',
      slug_name: 'postgres',
    });
    expect(after.parsed_text).toContain('<em>database</em>');
    const [revision] = await stack.query(
      "select status, log, content->>'display_name' as name from tags.tag_revisions where tag_id = $1 and status = 2",
      [tag.tag_id],
    );
    expect(revision).toEqual({ status: 2, log: 'proper name', name: 'PostgreSQL' });
  });

  it('keeps the edit of a user with only tag.edit as a pending revision, and blocks edits meanwhile', async () => {
    const tag = await createTag(stack, creator.token, { slug_name: 'redis', original_text: 'Cache' });
    const suggested = await put(editor.token, { tag_id: tag.tag_id, original_text: 'An in-memory store.' });
    expect(suggested.body.data).toEqual({ wait_for_review: true });
    expect((await getTag(stack, 'redis')).body.data.original_text).toBe('Cache');
    const events = await stack.query(
      'select type, data from tags.events where stream_id = $1 order by stream_version',
      [tag.tag_id],
    );
    expect(events.map((e) => e.type)).toEqual(['tags.tag_created', 'tags.tag_revision_submitted']);
    expect(events[1].data).toMatchObject({ editor_id: editor.id, original_text: 'An in-memory store.' });
    const [pending] = await stack.query(
      "select status, user_id, content->>'original_text' as text from tags.tag_revisions where id = $1",
      [events[1].data.revision_id],
    );
    expect(pending).toEqual({ status: 1, user_id: editor.id, text: 'An in-memory store.' });
    const blocked = await put(mod.token, { tag_id: tag.tag_id, original_text: 'Moderator text' });
    expect(blocked.status).toBe(400);
    expect(blocked.body).toMatchObject({
      data: { err_type: 'toast' },
      msg: 'An edit of this post is waiting for review.',
    });
  });

  it('needs tag.edit, and a moderator to change a slug, which a tag in use keeps', async () => {
    const tag = await createTag(stack, creator.token, { slug_name: 'old-slug' });
    const refused = await put(newcomer.token, { tag_id: tag.tag_id, original_text: 'Mine now' });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('You need at least 50 reputation to do this.');
    expect((await put(undefined, { tag_id: tag.tag_id })).status).toBe(401);
    const slugByMember = await put(creator.token, { tag_id: tag.tag_id, slug_name: 'new-slug' });
    expect(slugByMember.status).toBe(403);
    expect(slugByMember.body.msg).toBe('Only moderators and administrators can do this.');
    const taken = await put(mod.token, { tag_id: tag.tag_id, slug_name: 'Kafka' });
    expect(taken.body.reason).toBe('error.tag.already_exists');
    const renamed = await put(mod.token, { tag_id: tag.tag_id, slug_name: 'New Slug' });
    expect(renamed.body.data).toEqual({ wait_for_review: false });
    expect((await getTag(stack, 'new-slug')).body.data.tag_id).toBe(tag.tag_id);
    expect((await getTag(stack, 'old-slug')).status).toBe(404);
    const bad = await put(mod.token, {
      tag_id: tag.tag_id,
      slug_name: 'no spaces allowed?',
      display_name: 'z'.repeat(36),
    });
    expect(bad.body.data).toEqual([
      { error_field: 'display_name', error_msg: 'Display name must be at most 35 characters.' },
    ]);
    const badSlug = await put(mod.token, { tag_id: tag.tag_id, slug_name: 'what?' });
    expect(badSlug.body.data[0].error_field).toBe('slug_name');
    expect((await put(mod.token, {})).body.data).toEqual([
      { error_field: 'tag_id', error_msg: 'Tag ID cannot be empty.' },
    ]);
    expect((await put(mod.token, { tag_id: '10039999999999999999999' })).status).toBe(404);
  });
});

describe('deleting and recovering a tag', () => {
  it('lets moderators delete an unused tag, hides it from others, and recover it', async () => {
    const tag = await createTag(stack, creator.token, { slug_name: 'short-lived' });
    const byMember = await stack.call('DELETE', `${API}/tag`, { token: creator.token, body: { tag_id: tag.tag_id } });
    expect(byMember.status).toBe(403);
    expect(byMember.body.msg).toBe('Only moderators and administrators can do this.');
    const removed = await stack.call('DELETE', `${API}/tag`, { token: mod.token, body: { tag_id: tag.tag_id } });
    expect(removed.body).toMatchObject({ code: 200, data: null });
    expect((await getTag(stack, 'short-lived', creator.token)).status).toBe(404);
    const seenByMod = await getTag(stack, 'short-lived', mod.token);
    expect(seenByMod.body.data).toMatchObject({ status: 'deleted', member_actions: [{ action: 'undelete' }] });
    const recreate = await stack.call('POST', `${API}/tag`, {
      token: creator.token,
      body: { slug_name: 'short-lived', display_name: 'Again' },
    });
    expect(recreate.body.reason).toBe('error.tag.already_exists');
    const recoverByMember = await stack.call('POST', `${API}/tag/recover`, {
      token: creator.token,
      body: { tag_id: tag.tag_id },
    });
    expect(recoverByMember.status).toBe(403);
    const recovered = await stack.call('POST', `${API}/tag/recover`, {
      token: mod.token,
      body: { tag_id: tag.tag_id },
    });
    expect(recovered.status).toBe(200);
    expect((await getTag(stack, 'short-lived')).body.data.status).toBe('available');
  });

  it('validates the tag id of delete and recover', async () => {
    for (const [method, path] of [
      ['DELETE', '/tag'],
      ['POST', '/tag/recover'],
    ] as const) {
      const missing = await stack.call(method, `${API}${path}`, { token: mod.token, body: {} });
      expect(missing.body.data).toEqual([{ error_field: 'tag_id', error_msg: 'Tag ID cannot be empty.' }]);
      const unknown = await stack.call(method, `${API}${path}`, {
        token: mod.token,
        body: { tag_id: '10039999999999999999999' },
      });
      expect(unknown.status).toBe(404);
      expect((await stack.call(method, `${API}${path}`, { body: { tag_id: 'x' } })).status).toBe(401);
    }
  });

  it('changes reputation needs with the privilege level of the site', async () => {
    await setReputation(stack, newcomer.id, 749);
    expect((await post(newcomer.token, { slug_name: 'almost', display_name: 'Almost' })).status).toBe(403);
    await setReputation(stack, newcomer.id, 750);
    expect((await post(newcomer.token, { slug_name: 'almost', display_name: 'Almost' })).status).toBe(200);
    await setReputation(stack, newcomer.id, 1);
  });
});

describe('the timeline of a tag', () => {
  const timeline = (objectId: string, token?: string) =>
    stack.call('GET', `${API}/activity/timeline?object_id=${objectId}`, { token });
  const detail = (oldId: string, newId: string, token?: string) =>
    stack.call('GET', `${API}/activity/timeline/detail?old_revision_id=${oldId}&new_revision_id=${newId}`, { token });

  it('shows creation, applied edits, deletion and recovery newest first, with the revision diffs', async () => {
    const tag = await createTag(stack, creator.token, { slug_name: 'timeline-tag', original_text: 'First words' });
    const trusted = await member(stack, { rank: 10_000, name: 'Trusted Editor' });
    await put(trusted.token, { tag_id: tag.tag_id, original_text: 'Second words', edit_summary: 'more *precise*' });
    // A suggestion waiting for review is not history yet.
    await put(editor.token, { tag_id: tag.tag_id, original_text: 'Suggested words' });
    await stack.call('DELETE', `${API}/tag`, { token: mod.token, body: { tag_id: tag.tag_id } });
    await stack.call('POST', `${API}/tag/recover`, { token: mod.token, body: { tag_id: tag.tag_id } });

    const shown = await timeline(tag.tag_id, newcomer.token);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const { object_info, timeline: rows } = shown.body.data;
    expect(object_info).toMatchObject({ title: 'timeline-tag', object_type: 'tag', question_id: '', answer_id: '' });
    expect(object_info.username).toBe(creator.username);
    expect(rows.map((r: { activity_type: string }) => r.activity_type)).toEqual([
      'undeleted',
      'deleted',
      'edited',
      'created',
    ]);
    const [undeleted, , edited, created] = rows;
    expect(undeleted.user_info.id).toBe(mod.id);
    expect(edited).toMatchObject({ object_id: tag.tag_id, object_type: 'tag', cancelled: false });
    expect(edited.user_info.id).toBe(trusted.id);
    expect(edited.comment).toContain('<em>precise</em>');
    expect(created.user_info.id).toBe(creator.id);
    expect(Number(undeleted.activity_id)).toBeGreaterThan(Number(created.activity_id));

    // The diff of the edit, and of the creation (against nothing), through the gateway's fallback.
    const diff = await detail(created.revision_id, edited.revision_id, newcomer.token);
    expect(diff.status, JSON.stringify(diff.body)).toBe(200);
    expect(diff.body.data).toEqual({
      old_revision: {
        title: 'timeline-tag',
        tags: [],
        original_text: 'First words',
        slug_name: 'timeline-tag',
        main_tag_slug_name: '',
      },
      new_revision: expect.objectContaining({ original_text: 'Second words', slug_name: 'timeline-tag' }),
    });
    expect((await detail('0', created.revision_id, newcomer.token)).body.data.old_revision).toBeNull();
  });

  it('is for signed-in members, and a deleted tag’s only for moderators', async () => {
    const tag = await createTag(stack, creator.token, { slug_name: 'timeline-hidden' });
    expect((await timeline(tag.tag_id)).status).toBe(401);
    await stack.call('DELETE', `${API}/tag`, { token: mod.token, body: { tag_id: tag.tag_id } });
    expect((await timeline(tag.tag_id, creator.token)).status).toBe(404);
    expect((await timeline(tag.tag_id, mod.token)).status).toBe(200);
    expect((await timeline('10039999999999999999999', mod.token)).status).toBe(404);
    expect((await detail('10119999999999999999999', '0', mod.token)).status).toBe(404);
  });
});
