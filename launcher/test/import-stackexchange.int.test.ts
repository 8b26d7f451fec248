import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import type { ImportKind, ImportRecord } from '@agora/contracts/import/records';
import { renderMarkdown } from '@agora/platform';
import { createTestDatabase } from '@agora/test-support/database';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportInputError } from '../src/import/source';
import { PLACEHOLDER_USER_ID } from '../src/import/stackexchange/ids';
import { createStackExchangeSource, type StackExchangeSource } from '../src/import/stackexchange/stackexchange-source';
import { dumpFileText, writeDump } from './support/stackexchange-dump';
import { DUMP, POSTS, USERS } from './support/stackexchange-sample';

const user = (n: number) => idFromNumber('user', n);
const question = (n: number) => idFromNumber('question', n);
const answer = (n: number) => idFromNumber('answer', n);
const revision = (n: number | bigint) => idFromNumber('revision', n);

let database: { url: string; drop: () => Promise<void> };
let pool: pg.Pool;
let root: string;

beforeAll(async () => {
  database = await createTestDatabase('se');
  pool = new pg.Pool({ connectionString: database.url, max: 3 });
  root = await mkdtemp(join(tmpdir(), 'agora-se-'));
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
  if (root) await rm(root, { recursive: true, force: true });
});

async function all(source: StackExchangeSource, kind: ImportKind): Promise<ImportRecord[]> {
  const records: ImportRecord[] = [];
  for await (const record of source.records(kind)) records.push(record);
  return records;
}

async function openDump(
  name: string,
  rows: Parameters<typeof writeDump>[1],
  omit: Parameters<typeof writeDump>[2] = [],
  pageSize?: number,
) {
  const folder = join(root, name);
  await writeDump(folder, rows, omit);
  const source = createStackExchangeSource(folder, { database: pool, schema: `stage_${name}`, pageSize });
  return { folder, source };
}

describe('the Stack Exchange dump reader', () => {
  let source: StackExchangeSource;

  beforeAll(async () => {
    ({ source } = await openDump('full', DUMP));
    await source.open();
  });

  it('reads members, the Community user’s and the missing authors’ posts going to one placeholder', async () => {
    const members = await all(source, 'member');
    expect(members.map((m) => m.kind === 'member' && m.id)).toEqual([user(1), user(2), PLACEHOLDER_USER_ID]);
    expect(members[0]).toEqual({
      kind: 'member',
      id: user(1),
      username: 'ada-lovelace-1',
      display_name: 'Ada Lovelace',
      email: '',
      role_id: 1,
      status: 'normal',
      created_at: '2010-02-01T10:00:00.000Z',
      last_login_at: '2020-01-01T00:00:00.000Z',
      bio: 'I write **programs**.',
      website: 'https://ada.example',
      location: 'London',
      avatar: { type: 'custom', gravatar: '', custom: 'https://i.example/ada.png' },
      language: '',
      reputation: 1234,
      external_logins: [],
    });
    expect(members[1]).toMatchObject({ username: 'unicode-name-2', display_name: 'Ünïcode  Name!', bio: '' });
    expect(members[2]).toMatchObject({ placeholder: true, created_at: '2010-01-01T00:00:00.000Z', email: '' });
    expect(PLACEHOLDER_USER_ID).toBe(user(9_999_999_999_999));
  });

  it('reads tags with wiki and excerpt, and the tags only posts name', async () => {
    const tags = await all(source, 'tag');
    expect(tags).toEqual([
      {
        kind: 'tag',
        id: idFromNumber('tag', 1),
        slug_name: 'python',
        display_name: 'python',
        wiki: 'The `python` wiki.',
        excerpt: 'Python is a language.',
        recommend: false,
        reserved: true,
        deleted: false,
        user_id: user(2),
        created_at: '2010-12-01T12:00:00.000Z',
      },
      expect.objectContaining({
        id: idFromNumber('tag', 2),
        slug_name: 'regex',
        wiki: '',
        user_id: PLACEHOLDER_USER_ID,
      }),
      expect.objectContaining({ id: idFromNumber('tag', 1_000_000_000_001), slug_name: 'orphan-tag' }),
    ]);
  });

  it('reads questions with their revisions grouped by RevisionGUID, closure and deletion', async () => {
    const questions = await all(source, 'question');
    expect(questions.map((q) => q.kind === 'question' && q.id)).toEqual([question(10), question(30), question(40)]);
    expect(questions[0]).toEqual({
      kind: 'question',
      id: question(10),
      user_id: user(1),
      created_at: '2011-01-01T12:00:00.123Z',
      revisions: [
        {
          id: revision(100),
          editor_id: user(1),
          created_at: '2011-01-01T12:00:00.123Z',
          summary: '',
          title: 'First title',
          content: 'First **body**\n\n    code',
          tags: ['python'],
        },
        {
          id: revision(103),
          editor_id: user(2),
          created_at: '2011-01-05T00:00:00.000Z',
          summary: 'better title',
          title: 'Final title',
          content: 'First **body**\n\n    code',
          tags: ['python', 'regex'],
        },
      ],
      closed: { by: user(2), at: '2011-02-01T00:00:00.000Z', close_type: 60, close_msg: `/questions/${question(30)}` },
      pinned: false,
      hidden: false,
      view_count: 321,
    });
    // No history: one revision from the Posts row, its HTML converted; its author is not in Users.xml.
    expect(questions[1]).toMatchObject({
      user_id: PLACEHOLDER_USER_ID,
      view_count: 5,
      revisions: [
        {
          id: revision(5_000_000_000_030n),
          editor_id: PLACEHOLDER_USER_ID,
          title: 'The original',
          content: 'Original *question*',
          tags: ['python', 'orphan-tag'],
        },
      ],
    });
    expect(questions[1]).not.toHaveProperty('closed');
    expect(questions[2]).toMatchObject({
      user_id: PLACEHOLDER_USER_ID,
      deleted: { by: user(1), at: '2011-05-02T00:00:00.000Z' },
      revisions: [
        { id: revision(107), title: 'Deleted one', content: '<p>deleted</p>'.length ? 'deleted' : '', tags: ['regex'] },
      ],
    });
  });

  it('reads answers with acceptance, converting a body without history', async () => {
    const answers = await all(source, 'answer');
    expect(answers.map((a) => a.kind === 'answer' && a.id)).toEqual([answer(11), answer(12)]);
    expect(answers[0]).toEqual({
      kind: 'answer',
      id: answer(11),
      question_id: question(10),
      user_id: user(2),
      created_at: '2011-01-02T12:00:00.000Z',
      revisions: [
        {
          id: revision(106),
          editor_id: user(2),
          created_at: '2011-01-02T12:00:00.000Z',
          summary: '',
          content: 'answer *md*',
        },
      ],
      accepted: { by: user(1), at: '2011-01-04T00:00:00.000Z' },
    });
    const converted = answers[1];
    expect(converted).toMatchObject({ user_id: PLACEHOLDER_USER_ID });
    expect(converted).not.toHaveProperty('accepted');
    const content = converted?.kind === 'answer' ? (converted.revisions[0]?.content ?? '') : '';
    expect(converted?.kind === 'answer' && converted.revisions[0]?.title).toBeUndefined();
    const rendered = renderMarkdown(content);
    expect(rendered).toContain('Edge cases &amp; entities: &lt;div&gt; ©');
    expect(rendered).toContain('<pre><code class="language-py">if a &lt; b:\n\n    print("``")\n</code></pre>');
    expect(rendered.replace(/\s+/g, '')).toContain('<ul><li>outer<ol><li>inner</li></ol></li></ul>');
    expect(rendered.replace(/\s+/g, '')).toContain('<th>k</th><th>v</th>');
    expect(rendered).toContain('src="https://i.stack.imgur.com/x.png"');
    expect(rendered).toContain('<kbd>Esc</kbd>');
  });

  it('reads comments, links, votes, bookmarks and badge awards', async () => {
    expect(await all(source, 'comment')).toEqual([
      {
        kind: 'comment',
        id: idFromNumber('comment', 500),
        object_id: question(10),
        question_id: question(10),
        user_id: user(2),
        content: 'see [docs](https://docs.example) and `code`',
        created_at: '2011-01-01T13:00:00.000Z',
        deleted: false,
      },
      expect.objectContaining({ object_id: answer(12), question_id: question(10), user_id: PLACEHOLDER_USER_ID }),
    ]);
    expect(await all(source, 'link')).toEqual([
      // The duplicate closure's link (from the history: PostLinks.xml has none for it), then the file's own.
      {
        kind: 'link',
        from_question_id: question(10),
        to_question_id: question(30),
        created_at: '2011-02-01T00:00:00.000Z',
      },
      {
        kind: 'link',
        from_question_id: question(10),
        from_answer_id: answer(12),
        to_question_id: question(30),
        created_at: '2011-03-01T00:00:00.000Z',
      },
    ]);
    expect(await all(source, 'vote')).toEqual([
      { kind: 'vote', id: '1', object_id: question(10), direction: 'up', created_at: '2011-01-02T00:00:00.000Z' },
      { kind: 'vote', id: '2', object_id: answer(11), direction: 'down', created_at: '2011-01-03T00:00:00.000Z' },
    ]);
    expect(await all(source, 'bookmark')).toEqual([
      { kind: 'bookmark', user_id: user(2), question_id: question(10), created_at: '2011-01-05T00:00:00.000Z' },
    ]);
    expect(await all(source, 'badge_award')).toEqual([
      {
        kind: 'badge_award',
        id: idFromNumber('badgeAward', 1),
        user_id: user(1),
        badge: 'Teacher',
        award_key: '',
        created_at: '2011-01-10T00:00:00.000Z',
      },
    ]);
    expect(await all(source, 'reputation')).toEqual([]);
  });

  it('estimates from the staging tables and counts what it leaves out', async () => {
    expect(await source.estimate('question')).toBe(3);
    expect(await source.estimate('answer')).toBe(2);
    expect(await source.estimate('member')).toBe(3);
    expect(await source.skipped()).toEqual({
      member: { 'Users.xml rows numbered below 1 (the Community user): their posts are the placeholder’s': 1 },
      question: { 'Posts.xml PostTypeId 6 (moderator nomination): no counterpart': 1 },
      answer: { 'answer whose question is not in Posts.xml': 1 },
      comment: { 'comment on a post that is not imported (not in Posts.xml, or not a question or answer)': 1 },
      link: { 'link to or from a post that is not imported, or within one question': 1 },
      vote: {
        'vote on a post that is not imported': 1,
        'Votes.xml VoteTypeId 8 (bounty start): no counterpart': 1,
      },
      badge_award: { 'award to a member not in Users.xml': 1 },
    });
  });

  it('does not stage the same files twice, and stages again when a file changed', async () => {
    const { folder, source: again } = await openDump('twice', DUMP);
    await again.open();
    expect(again.staged).toBe(true);
    const before = await all(again, 'question');
    await again.open();
    expect(again.staged).toBe(false);
    expect(await all(again, 'question')).toEqual(before);
    const changed = POSTS.map((row) => (row.Id === 30 ? { ...row, Title: 'Renamed' } : row));
    await writeFile(join(folder, 'Posts.xml'), dumpFileText('Posts.xml', changed));
    await again.open();
    expect(again.staged).toBe(true);
    expect((await all(again, 'question'))[1]).toMatchObject({ revisions: [{ title: 'Renamed' }] });
    await again.dropStaging();
    const { rows } = await pool.query(`select 1 from information_schema.schemata where schema_name = 'stage_twice'`);
    expect(rows).toHaveLength(0);
  });
});

describe('reading page after page', () => {
  it('reads every row once, in the order of its number', async () => {
    const numbers = Array.from({ length: 23 }, (_, n) => n + 1);
    const { source } = await openDump(
      'paged',
      {
        'Users.xml': numbers.map((n) => ({ Id: n, CreationDate: '2010-01-01T00:00:00.000', DisplayName: `U${n}` })),
        'Posts.xml': numbers.map((n) => ({
          Id: n,
          PostTypeId: 1,
          CreationDate: '2011-01-01T00:00:00.000',
          Title: `Q${n}`,
          Body: '<p>b</p>',
          OwnerUserId: n,
          Tags: '<t>',
        })),
      },
      [],
      5,
    );
    await source.open();
    try {
      const members = (await all(source, 'member')).map((m) => m.kind === 'member' && !m.placeholder && m.id);
      expect(members.filter(Boolean)).toEqual(numbers.map((n) => user(n)));
      const questions = (await all(source, 'question')).map((q) => q.kind === 'question' && q.id);
      expect(questions).toEqual(numbers.map((n) => question(n)));
    } finally {
      await source.close();
    }
  });
});

describe('bad input', () => {
  const failure = async (
    name: string,
    files: Parameters<typeof writeDump>[1],
    omit: Parameters<typeof writeDump>[2] = [],
  ) => {
    const { source } = await openDump(name, files, omit);
    const error = await source.open().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportInputError);
    return error as ImportInputError;
  };

  it('names a missing required file', async () => {
    const error = await failure('missing', { 'Users.xml': USERS }, ['Posts.xml']);
    expect(error.where).toBe('Posts.xml');
    expect(error.message).toMatch(/^Posts\.xml: missing from .* a dump needs it$/);
  });

  it('reads a dump whose optional files are absent', async () => {
    const { source } = await openDump('optional', { 'Users.xml': USERS, 'Posts.xml': POSTS }, [
      'Comments.xml',
      'Votes.xml',
      'PostHistory.xml',
      'PostLinks.xml',
      'Badges.xml',
    ]);
    await source.open();
    expect(await all(source, 'vote')).toEqual([]);
    expect((await all(source, 'question')).length).toBe(3);
  });

  it('names the file and row of broken XML', async () => {
    const folder = join(root, 'broken');
    await writeDump(folder, DUMP);
    const text = dumpFileText('Comments.xml', DUMP['Comments.xml'] ?? []).replace('Id="501"', 'Id="501" Text=x');
    await writeFile(join(folder, 'Comments.xml'), text);
    const source = createStackExchangeSource(folder, { database: pool, schema: 'stage_broken' });
    const error = await source.open().catch((e: ImportInputError) => e);
    expect(error).toBeInstanceOf(ImportInputError);
    expect(error).toMatchObject({ where: 'Comments.xml', row: 2 });
    expect((error as Error).message).toMatch(/^Comments\.xml, row 2: not well-formed XML: .*\(line 4, column \d+\)$/);
  });

  it('names a file cut short', async () => {
    const folder = join(root, 'truncated');
    await writeDump(folder, DUMP);
    const text = dumpFileText('Votes.xml', DUMP['Votes.xml'] ?? []);
    await writeFile(join(folder, 'Votes.xml'), text.slice(0, text.indexOf('Id="4"') + 3));
    const source = createStackExchangeSource(folder, { database: pool, schema: 'stage_truncated' });
    const error = (await source.open().catch((e: unknown) => e)) as ImportInputError;
    expect(error).toBeInstanceOf(ImportInputError);
    expect(error.where).toBe('Votes.xml');
    expect(error.row).toBe(4);
    expect(error.message).toContain('cut short');
  });

  it('names a row without a required attribute, or with a value of the wrong type', async () => {
    const noType = await failure('required', {
      ...DUMP,
      'Posts.xml': POSTS.map((row) => (row.Id === 30 ? { ...row, PostTypeId: undefined } : row)),
    });
    expect(noType.message).toMatch(/^Posts\.xml, row 4: the required attribute PostTypeId is missing/);
    const badDate = await failure('baddate', {
      ...DUMP,
      'Users.xml': USERS.map((row) => (row.Id === 2 ? { ...row, CreationDate: 'yesterday' } : row)),
    });
    expect(badDate.message).toMatch(/^Users\.xml, row 3: CreationDate="yesterday" is not a valid time/);
  });

  it('names a file with another root element, and an empty file', async () => {
    const folder = join(root, 'roots');
    await writeDump(folder, DUMP);
    await writeFile(join(folder, 'Tags.xml'), dumpFileText('Users.xml', []));
    const source = createStackExchangeSource(folder, { database: pool, schema: 'stage_roots' });
    const wrongRoot = (await source.open().catch((e: unknown) => e)) as ImportInputError;
    expect(wrongRoot.message).toMatch(/^Tags\.xml: the root element is <users>, not <tags>/);
    await writeFile(join(folder, 'Tags.xml'), '');
    const empty = (await source.open().catch((e: unknown) => e)) as ImportInputError;
    expect(empty.message).toMatch(/^Tags\.xml: the file has no <tags> element/);
  });
});
