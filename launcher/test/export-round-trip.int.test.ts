/**
 * `export <folder>` and the round trip (docs/adr/0094-importing-a-community.md, "Export"), with every service on real
 * PostgreSQL: a small community built through the API on site A is exported after A stops; the Stack Exchange dump
 * files parse and hold its posts, the side files hold every record, secrets go out only when asked; a fresh site B
 * importing the folder answers the same through the API, field by field, and a member signs in there with the old
 * password; and the dump alone, read as any Stack Exchange dump, brings the posts in with their HTML converted.
 */
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Role } from '@agora/contracts';
import { IMPORT_KINDS, type ImportKind, type ImportRecord } from '@agora/contracts/import/records';
import { accountsFor } from '@agora/identity';
import { type AgoraConfig, loadConfig, renderMarkdown } from '@agora/platform';
import { postsFor } from '@agora/posts';
import { createUser, login, setReputation, type TestUser } from '@agora/test-support/accounts';
import { createTestDatabase } from '@agora/test-support/database';
import { type Stack, startStack } from '@agora/test-support/stack';
import { votesFor, votesService } from '@agora/votes';
import pino from 'pino';
import { SaxesParser } from 'saxes';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCommand } from '../src/export/export-command';
import type { ExportManifest } from '../src/export/manifest';
import { createAgoraExportSource } from '../src/import/agora-export/agora-export-source';
import { ImportInputError, type ImportSource } from '../src/import/source';
import { usernameOf } from '../src/import/stackexchange/member-records';
import { createStackExchangeSource } from '../src/import/stackexchange/stackexchange-source';
import { ALL_SERVICES } from '../src/services';
import { runAgora } from './support/import-command';

const API = '/answer/api/v1';
const ADMIN = '/answer/admin/api';
const SITE_URL = 'http://agora.test';
const SMTP_PASSWORD = 'smtp-secret-of-site-a';
const DUMP_FILES = [
  'Posts.xml',
  'Users.xml',
  'Comments.xml',
  'Votes.xml',
  'Tags.xml',
  'PostHistory.xml',
  'PostLinks.xml',
  'Badges.xml',
];

type Database = { url: string; drop: () => Promise<void> };
const keep = (database: Database) => ({ url: database.url, drop: async () => {} });
const log = pino({ level: 'silent' });

let root: string;
const databases: Database[] = [];
let siteA: { database: Database; dataDir: string };
let stackB: Stack;
let people: Record<'admin' | 'alice' | 'bob' | 'carol' | 'dave', TestUser>;
/** What site A answered through the API before it stopped. */
let before: Snapshot;
/** The folder exported with secrets (imported into B), and one without. */
let exported: string;
let withoutSecrets: string;
/** The ids the community was built with. */
const ids = {
  q1: '',
  q2: '',
  a1: '',
  a2: '',
  deletedQuestion: '',
  deletedAnswer: '',
  commentOnQ1: '',
  tag: '',
  avatarUrl: '',
  imageUrl: '',
};

async function ok(stack: Stack, method: string, url: string, token?: string, body?: unknown) {
  const response = await stack.call(method, url, { token, body });
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.data;
}

/** A multipart upload through the gateway, as the editor's image button sends it; the file's address. */
async function upload(stack: Stack, token: string, source: 'post' | 'avatar', bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('source', source);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${source}.png`);
  const encoded = new Response(form);
  const response = await stack.gateway.inject({
    method: 'POST',
    url: `${API}/file`,
    headers: { 'content-type': encoded.headers.get('content-type') ?? '', authorization: token },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

function commandConfig(database: Database, dataDir: string): AgoraConfig {
  return loadConfig({ env: { DATABASE_URL: database.url, AGORA_DATA_DIR: dataDir, AGORA_SITE_URL: SITE_URL } });
}

/** Runs an operator command in this process, with what it prints. */
async function runHere(
  command: (config: AgoraConfig, log: pino.Logger, args: string[]) => Promise<number>,
  config: AgoraConfig,
  args: string[],
) {
  const printed: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  try {
    const code = await command(config, log, args);
    return { code, stdout: printed.join('') };
  } finally {
    process.stdout.write = write;
  }
}

/**
 * The community: members with a bio and an avatar, an edited question (two revisions) with an image, answers (one
 * accepted, one deleted, one linking to another question, one with a suggested edit waiting for review), comments (one
 * voted up), votes, a bookmark, a reaction, a tag with a wiki, a synonym and a follower, a followed question, a question
 * closed as a duplicate, one closed and then deleted, a flag, changed settings (the SMTP password among them), views
 * and a badge (Autobiographer, for the bio).
 */
async function buildCommunity(stack: Stack): Promise<Record<keyof typeof people, string>> {
  people = {
    admin: await createUser(stack, { roleId: Role.admin, name: 'Ada Admin' }),
    alice: await createUser(stack, { name: 'Alice Asker' }),
    bob: await createUser(stack, { name: 'Bob Answerer' }),
    carol: await createUser(stack, { name: 'Carol Voter' }),
    dave: await createUser(stack, { name: 'Dave Newcomer' }),
  };
  for (const user of [people.alice, people.bob, people.carol]) await setReputation(stack, user.id, 2000);
  await setReputation(stack, people.dave.id, 150);
  const token = {
    admin: await login(stack, people.admin),
    alice: await login(stack, people.alice),
    bob: await login(stack, people.bob),
    carol: await login(stack, people.carol),
    dave: await login(stack, people.dave),
  };

  await ok(stack, 'PUT', `${ADMIN}/siteinfo/general`, token.admin, {
    name: 'Round Trip Community',
    short_description: 'Where answers come back',
    description: 'A community exported and imported again.',
    site_url: SITE_URL,
    contact_email: 'admin@agora.test',
  });
  await ok(stack, 'PUT', `${ADMIN}/setting/smtp`, token.admin, {
    from_email: 'noreply@agora.test',
    from_name: 'Round Trip',
    smtp_host: 'smtp.agora.test',
    smtp_port: 587,
    encryption: 'TLS',
    smtp_username: 'mailer',
    smtp_password: SMTP_PASSWORD,
    smtp_authentication: true,
  });

  ids.avatarUrl = await upload(stack, token.alice, 'avatar', await png(200, 30, 30));
  await ok(stack, 'PUT', `${API}/user/info`, token.alice, {
    display_name: 'Alice Asker',
    username: people.alice.username,
    bio: 'I ask **good** questions.',
    website: 'https://alice.example',
    location: 'Lisbon',
    avatar: { type: 'custom', custom: ids.avatarUrl },
  });
  ids.imageUrl = await upload(stack, token.alice, 'post', await png(30, 200, 30));

  const q1 = await ok(stack, 'POST', `${API}/question`, token.alice, {
    title: 'How do I round-trip a community?',
    content: 'First draft with `code`.',
    tags: [{ slug_name: 'round-trip', display_name: 'round-trip' }],
  });
  ids.q1 = q1.id;
  await stack.settle();
  await ok(stack, 'PUT', `${API}/question`, token.alice, {
    id: ids.q1,
    title: 'How do I round-trip a whole community?',
    content: `Everything must come back: **Markdown**, _emphasis_, [links](https://example.org) and\n\n\`\`\`ts\nconst ok = true;\n\`\`\`\n\n![diagram](${ids.imageUrl})`,
    tags: [
      { slug_name: 'round-trip', display_name: 'round-trip' },
      { slug_name: 'export', display_name: 'export' },
    ],
    edit_summary: 'clearer title, more detail',
  });
  await stack.settle();
  ids.a1 = (
    await ok(stack, 'POST', `${API}/answer`, token.bob, {
      question_id: ids.q1,
      content: 'Export it, then import the folder into a **fresh** site.',
    })
  ).info.id;
  ids.deletedAnswer = (
    await ok(stack, 'POST', `${API}/answer`, token.carol, {
      question_id: ids.q1,
      content: 'An answer its author takes back.',
    })
  ).info.id;
  await stack.settle();
  await ok(stack, 'POST', `${API}/answer/acceptance`, token.alice, { question_id: ids.q1, answer_id: ids.a1 });
  await ok(stack, 'DELETE', `${API}/answer`, token.carol, { id: ids.deletedAnswer });
  ids.commentOnQ1 = (
    await ok(stack, 'POST', `${API}/comment`, token.bob, {
      object_id: ids.q1,
      original_text: 'Which version of Agora?',
    })
  ).comment_id;
  await ok(stack, 'POST', `${API}/comment`, token.alice, {
    object_id: ids.a1,
    original_text: 'Thanks, that worked *perfectly*.',
  });
  await stack.settle();
  await ok(stack, 'POST', `${API}/vote/up`, token.carol, { object_id: ids.q1 });
  await ok(stack, 'POST', `${API}/vote/up`, token.carol, { object_id: ids.a1 });
  await ok(stack, 'POST', `${API}/vote/up`, token.bob, { object_id: ids.q1 });
  await ok(stack, 'POST', `${API}/collection/switch`, token.bob, { object_id: ids.q1, group_id: '0', bookmark: true });
  await ok(stack, 'PUT', `${API}/meta/reaction`, token.carol, {
    object_id: ids.a1,
    emoji: 'heart',
    reaction: 'activate',
  });

  const tag = await ok(stack, 'GET', `${API}/tag?name=round-trip`, token.admin);
  ids.tag = tag.tag_id;
  await ok(stack, 'PUT', `${API}/tag`, token.admin, {
    tag_id: ids.tag,
    original_text: 'Questions about taking a community **out** and bringing it back.',
    edit_summary: 'a wiki',
  });
  await ok(stack, 'PUT', `${API}/tag/synonym`, token.admin, {
    tag_id: ids.tag,
    synonym_tag_list: [{ slug_name: 'roundtrip', display_name: 'roundtrip' }],
  });
  await ok(stack, 'POST', `${API}/follow`, token.carol, { object_id: ids.tag });

  ids.q2 = (
    await ok(stack, 'POST', `${API}/question`, token.bob, {
      title: 'Can a community move to another site?',
      content: 'Asking the same thing again, in other words.',
      tags: [{ slug_name: 'export', display_name: 'export' }],
    })
  ).id;
  await stack.settle();
  ids.a2 = (
    await ok(stack, 'POST', `${API}/answer`, token.alice, {
      question_id: ids.q2,
      content: `See [the other question](/questions/${ids.q1}).`,
    })
  ).info.id;
  await stack.settle();
  // Closed in a later second than its answer was posted: the API shows both times, to the second.
  await sleep(1010 - (Date.now() % 1000));
  await ok(stack, 'PUT', `${API}/question/status`, token.admin, {
    id: ids.q2,
    close_type: 60,
    close_msg: `/questions/${ids.q1}`,
  });
  await ok(stack, 'POST', `${API}/report`, token.carol, { object_id: ids.a2, report_type: 57, content: '' });
  await ok(stack, 'POST', `${API}/follow`, token.bob, { object_id: ids.q2 });
  await ok(stack, 'POST', `${API}/vote/up`, token.carol, { object_id: ids.commentOnQ1 });
  // A newcomer may not edit another's answer at once: the edit waits for review.
  const suggested = await ok(stack, 'PUT', `${API}/answer`, token.dave, {
    id: ids.a1,
    content: 'Export it, then import the folder into a **fresh**, empty site.',
    edit_summary: 'say it must be empty',
  });
  expect(suggested.wait_for_review).toBe(true);
  ids.deletedQuestion = (
    await ok(stack, 'POST', `${API}/question`, token.carol, {
      title: 'A question closed, then deleted',
      content: 'Closed as unclear, then taken down.',
      tags: [{ slug_name: 'export', display_name: 'export' }],
    })
  ).id;
  await stack.settle();
  // Closed, then deleted: the closure stays on its timeline.
  await ok(stack, 'PUT', `${API}/question/status`, token.admin, { id: ids.deletedQuestion, close_type: 64 });
  await ok(stack, 'DELETE', `${API}/question`, token.admin, { id: ids.deletedQuestion });
  for (let i = 0; i < 3; i++) await stack.call('GET', `${API}/question/info?id=${ids.q1}`);
  await stack.settle();
  return token;
}

/** What a site answers through the API, by request. */
type Snapshot = Record<string, unknown>;

/**
 * Every read the round trip compares, as each member sees it: lists and details of questions, answers, comments,
 * revisions, timelines, tags, members, reputation, badges, bookmarks, reactions, follows, linked questions, suggested
 * edits, flags and settings. Reading a question's detail is a view that counts (the comparison allows for it).
 */
async function snapshot(stack: Stack, token: Record<keyof typeof people, string>): Promise<Snapshot> {
  const shot: Snapshot = {};
  const read = async (url: string, as?: keyof typeof people) => {
    const response = await stack.call('GET', url, { token: as ? token[as] : undefined });
    shot[`${as ?? 'anyone'} ${url}`] = { status: response.status, body: response.body };
    return response.body?.data;
  };
  await read(`${API}/question/page?page=1&page_size=50&order=newest`);
  for (const question of [ids.q1, ids.q2]) {
    await read(`${API}/question/info?id=${question}`);
    await read(`${API}/answer/page?question_id=${question}&page=1&page_size=50&order=default`, 'alice');
    await read(`${API}/comment/page?object_id=${question}&page=1&page_size=50`);
    await read(`${API}/revisions?object_id=${question}`);
    await read(`${API}/meta/reaction?object_id=${question}`, 'carol');
  }
  for (const answer of [ids.a1, ids.a2, ids.deletedAnswer]) {
    await read(`${API}/answer/info?id=${answer}`, 'admin');
    await read(`${API}/comment/page?object_id=${answer}&page=1&page_size=50`);
    await read(`${API}/revisions?object_id=${answer}`);
    await read(`${API}/meta/reaction?object_id=${answer}`, 'carol');
  }
  await read(`${ADMIN}/answer/page?status=deleted&page=1&page_size=50`, 'admin');
  await read(`${ADMIN}/question/page?status=deleted&page=1&page_size=50`, 'admin');
  for (const post of [ids.q1, ids.q2, ids.a1, ids.deletedAnswer, ids.deletedQuestion])
    await read(`${API}/activity/timeline?object_id=${post}`, 'admin');
  await read(`${API}/tags/page?page=1&page_size=50`);
  await read(`${API}/tag?name=round-trip`);
  await read(`${API}/tag?name=export`);
  await read(`${API}/tag/synonyms?tag_id=${ids.tag}`, 'admin');
  await read(`${API}/tags/following`, 'carol');
  for (const name of ['alice', 'bob', 'carol'] as const) {
    const username = people[name].username;
    await read(`${API}/personal/user/info?username=${username}`);
    await read(`${API}/personal/rank/page?username=${username}&page=1&page_size=50`, name);
    await read(`${API}/personal/question/page?username=${username}&order=newest&page=1&page_size=50`);
    await read(`${API}/personal/answer/page?username=${username}&order=newest&page=1&page_size=50`);
    await read(`${API}/badge/user/awards?username=${username}`);
  }
  await read(`${API}/personal/collection/page?page=1&page_size=50`, 'bob');
  await read(`${API}/question/info?id=${ids.q2}`, 'bob');
  await read(`${API}/question/link?question_id=${ids.q1}&page=1&page_size=50`);
  await read(`${API}/revisions/unreviewed?page=1`, 'admin');
  await read(`${API}/user/ranking`);
  await read(`${ADMIN}/reports/page?status=pending&page=1&page_size=50`, 'admin');
  await read(`${API}/siteinfo`);
  await read(`${ADMIN}/siteinfo/general`, 'admin');
  return shot;
}

/**
 * A session of each member, as a sign-in starts one (without the password: whether that still works after the round
 * trip is checked on its own).
 */
async function sessions(stack: Stack): Promise<Record<keyof typeof people, string>> {
  const accounts = accountsFor(stack.service('identity'));
  const sessionOf = async (user: TestUser) => {
    const row = await accounts.findById(user.id);
    if (!row) throw new Error(`${user.username} is not on this site`);
    return (await accounts.startSession(row)).token;
  };
  return {
    admin: await sessionOf(people.admin),
    alice: await sessionOf(people.alice),
    bob: await sessionOf(people.bob),
    carol: await sessionOf(people.carol),
    dave: await sessionOf(people.dave),
  };
}

/** An XML file's rows, each as its attributes, parsed strictly (a file no SAX parser reads fails here). */
async function xmlRows(file: string): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  const parser = new SaxesParser();
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    if (tag.name === 'row') rows.push(tag.attributes as Record<string, string>);
  });
  parser.write(await readFile(file, 'utf8')).close();
  if (failure) throw failure;
  return rows;
}

async function sideRecords(folder: string, kind: string): Promise<ImportRecord[]> {
  const text = await readFile(join(folder, 'agora', `${kind}.ndjson`), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ImportRecord);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'agora-export-'));
  const databaseA = await createTestDatabase('exa');
  databases.push(databaseA);
  siteA = { database: databaseA, dataDir: join(root, 'site-a') };
  const stackA = await startStack({
    services: ALL_SERVICES,
    database: keep(databaseA),
    env: { AGORA_DATA_DIR: siteA.dataDir },
  });
  try {
    const tokens = await buildCommunity(stackA);
    // The views so far on record (they are counted in memory for a few seconds), so that A's replies show them.
    await postsFor(stackA.service('posts')).views.flush();
    before = await snapshot(stackA, tokens);
  } finally {
    await stackA.close();
  }
  const config = commandConfig(siteA.database, siteA.dataDir);
  exported = join(root, 'export');
  withoutSecrets = join(root, 'export-without-secrets');
  // As an operator runs it; the export without secrets in this process.
  const withSecrets = await runAgora({ url: siteA.database.url, dataDir: siteA.dataDir }, [
    'export',
    exported,
    '--with-secrets',
  ]);
  expect(withSecrets.code, withSecrets.output).toBe(0);
  expect(withSecrets.output).toContain(`Exported to ${exported} (with secrets).`);
  expect((await runHere(exportCommand, config, [withoutSecrets])).code).toBe(0);
}, 300_000);

afterAll(async () => {
  await stackB?.close();
  for (const database of databases) await database.drop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('export', () => {
  it('writes a Stack Exchange dump whose files parse and hold the posts, HTML bodies and Markdown history', async () => {
    expect((await readdir(exported)).sort()).toEqual([...DUMP_FILES, 'agora'].sort());
    // Members' addresses are in it: only its owner may enter the folder.
    expect((await stat(exported)).mode & 0o777).toBe(0o700);
    const rows = Object.fromEntries(
      await Promise.all(DUMP_FILES.map(async (file) => [file, await xmlRows(join(exported, file))] as const)),
    );
    const posts = rows['Posts.xml'] ?? [];
    const questions = posts.filter((p) => p.PostTypeId === '1');
    const answers = posts.filter((p) => p.PostTypeId === '2');
    expect(questions.map((q) => q.Title).sort()).toEqual([
      'A question closed, then deleted',
      'Can a community move to another site?',
      'How do I round-trip a whole community?',
    ]);
    const q1 = questions.find((q) => q.Title === 'How do I round-trip a whole community?');
    expect(q1?.Body).toContain('<strong>Markdown</strong>');
    expect(q1?.Body).toContain('<pre><code class="language-ts">');
    expect(q1?.Tags).toBe('|round-trip|export|');
    const accepted = answers.find((a) => a.Id === q1?.AcceptedAnswerId);
    expect(accepted?.Body).toContain('<strong>fresh</strong>');
    expect(accepted?.ParentId).toBe(q1?.Id);
    // The deleted posts are there, with the time they were deleted.
    expect(answers.filter((a) => a.DeletionDate)).toHaveLength(1);
    const deleted = questions.filter((q) => q.DeletionDate);
    expect(deleted.map((q) => [q.Title, Boolean(q.ClosedDate)])).toEqual([['A question closed, then deleted', true]]);
    const deletedHistory = rows['PostHistory.xml']?.filter((h) => h.PostId === deleted[0]?.Id);
    expect(deletedHistory?.map((h) => h.PostHistoryTypeId)).toEqual(['1', '2', '3', '10', '12']);
    expect(deletedHistory?.find((h) => h.PostHistoryTypeId === '10')?.Comment).toBe('103');
    const history = (rows['PostHistory.xml'] ?? []).filter((h) => h.PostId === q1?.Id);
    expect(history.map((h) => h.PostHistoryTypeId)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(history.find((h) => h.PostHistoryTypeId === '5')?.Text).toContain('**Markdown**');
    const q2 = questions.find((q) => q.Title === 'Can a community move to another site?');
    expect(q2?.ClosedDate).toBeTruthy();
    const closure = (rows['PostHistory.xml'] ?? []).find((h) => h.PostHistoryTypeId === '10' && h.PostId === q2?.Id);
    expect(closure).toMatchObject({ PostId: q2?.Id, Comment: '101' });
    expect(JSON.parse(closure?.Text ?? '{}').OriginalQuestionIds).toEqual([Number(q1?.Id)]);
    expect(rows['PostLinks.xml']).toContainEqual(
      expect.objectContaining({ PostId: q2?.Id, RelatedPostId: q1?.Id, LinkTypeId: '3' }),
    );
    const tags = rows['Tags.xml'] ?? [];
    expect(tags.map((t) => [t.TagName, t.Count])).toEqual(
      expect.arrayContaining([
        ['round-trip', '1'],
        ['export', '2'],
      ]),
    );
    const wiki = posts.find((p) => p.Id === tags.find((t) => t.TagName === 'round-trip')?.WikiPostId);
    expect(wiki).toMatchObject({ PostTypeId: '5' });
    expect(wiki?.Body).toContain('<strong>out</strong>');
    const users = rows['Users.xml'] ?? [];
    expect(users.find((u) => u.DisplayName === 'Alice Asker')).toMatchObject({
      Location: 'Lisbon',
      AboutMe: expect.stringContaining('<strong>good</strong>'),
    });
    expect(JSON.stringify(users)).not.toContain(people.alice.email);
    expect(rows['Comments.xml']?.map((c) => c.Text).sort()).toEqual([
      'Thanks, that worked *perfectly*.',
      'Which version of Agora?',
    ]);
    const votes = rows['Votes.xml'] ?? [];
    expect(votes.filter((v) => v.VoteTypeId === '2')).toHaveLength(3);
    expect(votes.filter((v) => v.VoteTypeId === '1')).toEqual([expect.objectContaining({ PostId: accepted?.Id })]);
    expect(votes.filter((v) => v.VoteTypeId === '5')).toEqual([expect.objectContaining({ PostId: q1?.Id })]);
    expect(rows['Badges.xml']).toContainEqual(expect.objectContaining({ Name: 'Autobiographer', Class: '3' }));
  });

  it('keeps every record verbatim in agora/, with the uploaded files and a manifest', async () => {
    const manifest = JSON.parse(await readFile(join(exported, 'agora', 'manifest.json'), 'utf8')) as ExportManifest;
    expect(manifest).toMatchObject({ format: 'agora-export', format_version: 1, with_secrets: true, files: 2 });
    expect(Object.keys(manifest.counts)).toEqual([...IMPORT_KINDS]);
    for (const kind of IMPORT_KINDS)
      expect((await sideRecords(exported, kind)).length, kind).toBe(manifest.counts[kind]);
    const questions = await sideRecords(exported, 'question');
    const q1 = questions.find((q) => q.kind === 'question' && q.id === ids.q1);
    expect(q1?.kind === 'question' && q1.revisions.map((r) => r.summary)).toEqual(['', 'clearer title, more detail']);
    expect(questions.find((q) => q.kind === 'question' && q.id === ids.deletedQuestion)).toMatchObject({
      closed: { by: people.admin.id, close_type: 64 },
      deleted: { by: people.admin.id },
    });
    expect(await sideRecords(exported, 'reaction')).toEqual([
      { kind: 'reaction', object_id: ids.a1, user_id: people.carol.id, emoji: 'heart' },
    ]);
    expect(await sideRecords(exported, 'flag')).toEqual([
      expect.objectContaining({ kind: 'flag', object_id: ids.a2, user_id: people.carol.id, status: 'pending' }),
    ]);
    expect(await sideRecords(exported, 'tag')).toContainEqual(
      expect.objectContaining({ slug_name: 'roundtrip', main_tag_slug: 'round-trip' }),
    );
    const files = await readdir(join(exported, 'agora', 'files'));
    expect(files.sort()).toEqual([ids.avatarUrl, ids.imageUrl].map((url) => url.split('/').at(-1)).sort());
  });

  it('leaves password hashes and the SMTP password out unless asked', async () => {
    const members = await sideRecords(withoutSecrets, 'member');
    expect(members.some((m) => m.kind === 'member' && m.password)).toBe(false);
    const smtp = (await sideRecords(withoutSecrets, 'settings')).find(
      (s) => s.kind === 'settings' && s.group === 'smtp',
    );
    expect(smtp?.kind === 'settings' && smtp.values.smtp_password).toBe('');
    const withSecrets = (await sideRecords(exported, 'settings')).find(
      (s) => s.kind === 'settings' && s.group === 'smtp',
    );
    expect(withSecrets?.kind === 'settings' && withSecrets.values.smtp_password).toBe(SMTP_PASSWORD);
    const alice = (await sideRecords(exported, 'member')).find((m) => m.kind === 'member' && m.id === people.alice.id);
    expect(alice?.kind === 'member' && alice.password?.scheme).toBe('argon2id');
  });

  it('refuses a folder that is not empty, and says how it is used', async () => {
    const config = commandConfig(siteA.database, siteA.dataDir);
    const written = await readdir(exported);
    expect((await runHere(exportCommand, config, [exported])).code).toBe(1);
    expect(await readdir(exported)).toEqual(written);
    const help = await runHere(exportCommand, config, ['--help']);
    expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining('export <folder> [--with-secrets]') });
    expect((await runHere(exportCommand, config, [])).code).toBe(64);
  });
});

/**
 * A reply as the round trip compares it. Each read of a question's detail on A was a view, counted as A stopped, so B
 * shows `viewsSince` (by question) more. What the neutral records do not carry is left out: how many viewers were
 * distinct (the import counts each view as one), when a tag was last edited (a tag's record has its creation time),
 * and when a member last signed in (B's snapshot signs everyone in: compared apart, before); a site's address is its
 * own (an import keeps the installed one). A closed question's closing time and the order of a timeline are compared
 * apart too; a timeline entry's number is the site's own.
 */
function comparable(reply: unknown, viewsSince: ReadonlyMap<string, number> = new Map()): unknown {
  const dropped = new Set(['unique_view_count', 'last_login_date', 'site_url']);
  return JSON.parse(JSON.stringify(reply), function (key, value) {
    if (dropped.has(key)) return undefined;
    // Compared apart (known failures, below): a closed question's closing time, a timeline's numbers and order.
    if (key === 'operation' && value?.type === 'closed') return { ...value, time: undefined };
    if (key === 'activity_id') return undefined;
    if (key === 'timeline' && Array.isArray(value))
      return value
        .map((entry) => JSON.stringify(entry))
        .sort()
        .map((entry) => JSON.parse(entry));
    if (key === 'updated_at' && typeof this === 'object' && this !== null && 'tag_id' in this) return undefined;
    return key === 'view_count' ? value + (viewsSince.get(this?.id ?? this?.question_id) ?? 0) : value;
  });
}

/** How many times a snapshot read each question's detail. */
function detailReads(shot: Snapshot): Map<string, number> {
  const reads = new Map<string, number>();
  for (const request of Object.keys(shot)) {
    const id = /\/question\/info\?id=(\d+)$/.exec(request)?.[1];
    if (id) reads.set(id, (reads.get(id) ?? 0) + 1);
  }
  return reads;
}

describe('the round trip', () => {
  let after: Snapshot;
  const lastLogins: Partial<Record<keyof typeof people, number>> = {};

  beforeAll(async () => {
    const databaseB = await createTestDatabase('exb');
    databases.push(databaseB);
    const dataDir = join(root, 'site-b');
    const imported = await runAgora({ url: databaseB.url, dataDir }, ['import', 'stackexchange', exported]);
    expect(imported.code, imported.output).toBe(0);
    expect(imported.output).toContain(`Agora export at ${exported}`);
    // Nothing the export holds is left out on the way in.
    expect(imported.output).not.toMatch(/\d skipped: /);
    stackB = await startStack({ services: ALL_SERVICES, database: keep(databaseB), env: { AGORA_DATA_DIR: dataDir } });
    await stackB.settle();
    for (const name of ['alice', 'bob', 'carol'] as const) {
      const info = await ok(stackB, 'GET', `${API}/personal/user/info?username=${people[name].username}`);
      lastLogins[name] = info.last_login_date;
    }
    after = await snapshot(stackB, await sessions(stackB));
  }, 300_000);

  it('shows the same content through the API, field by field', () => {
    const data = (request: string) => (before[request] as { body: { data: Record<string, unknown> } }).body.data;
    // What is compared is there to compare: a suggested edit, a linked question, a follow, a flag, a reaction.
    expect(data(`admin ${API}/revisions/unreviewed?page=1`)).toMatchObject({ count: 1 });
    expect(data(`anyone ${API}/question/link?question_id=${ids.q1}&page=1&page_size=50`)).toMatchObject({ count: 1 });
    expect(data(`bob ${API}/question/info?id=${ids.q2}`)).toMatchObject({ is_followed: true });
    expect(data(`admin ${ADMIN}/reports/page?status=pending&page=1&page_size=50`)).toMatchObject({ count: 1 });
    expect(data(`carol ${API}/meta/reaction?object_id=${ids.a1}`)).toBeTruthy();
    for (const [request, answer] of Object.entries(before)) {
      expect.soft(comparable(after[request]), request).toEqual(comparable(answer, detailReads(before)));
    }
  });

  it('keeps when members last signed in', () => {
    for (const name of ['alice', 'bob', 'carol'] as const) {
      const info = before[`anyone ${API}/personal/user/info?username=${people[name].username}`] as {
        body: { data: { last_login_date: number } };
      };
      expect(lastLogins[name], name).toBe(info.body.data.last_login_date);
    }
  });

  it('lets a member sign in with their old password', async () => {
    const response = await stackB.call('POST', `${API}/user/login/email`, {
      body: { e_mail: people.alice.email, pass: people.alice.password },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.username).toBe(people.alice.username);
  });

  it('keeps the time a question was closed', () => {
    const request = `anyone ${API}/question/info?id=${ids.q2}`;
    const closing = (snapshot: Snapshot) =>
      (snapshot[request] as { body: { data: { operation: { time: number } } } }).body.data.operation.time;
    expect(closing(after)).toBe(closing(before));
  });

  it('keeps the order of a timeline', () => {
    const request = `admin ${API}/activity/timeline?object_id=${ids.q2}`;
    const acts = (snapshot: Snapshot) =>
      (snapshot[request] as { body: { data: { timeline: { activity_type: string }[] } } }).body.data.timeline.map(
        (act) => act.activity_type,
      );
    expect(acts(after)).toEqual(acts(before));
  });

  it('serves the uploaded files at their old addresses', async () => {
    for (const url of [ids.avatarUrl, ids.imageUrl]) {
      const response = await stackB.gateway.inject({ method: 'GET', url: new URL(url).pathname });
      expect(response.statusCode, url).toBe(200);
    }
  });
});

describe('the dump alone, as any Stack Exchange dump', () => {
  it('brings the posts in with their HTML converted', async () => {
    const dumpOnly = join(root, 'dump-only');
    await cp(exported, dumpOnly, {
      recursive: true,
      filter: (source) => !source.includes(`${join(exported, 'agora')}`),
    });
    expect(await readdir(dumpOnly)).not.toContain('agora');
    const databaseC = await createTestDatabase('exc');
    databases.push(databaseC);
    const dataDir = join(root, 'site-c');
    const imported = await runAgora({ url: databaseC.url, dataDir }, ['import', 'stackexchange', dumpOnly]);
    expect(imported.code, imported.output).toBe(0);
    expect(imported.output).toContain(`Stack Exchange data dump at ${dumpOnly}`);
    const stackC = await startStack({
      services: ALL_SERVICES,
      database: keep(databaseC),
      env: { AGORA_DATA_DIR: dataDir },
    });
    try {
      await stackC.settle();
      const list = (await ok(stackC, 'GET', `${API}/question/page?page=1&page_size=50&order=newest`)).list;
      expect(list.map((q: { title: string }) => q.title).sort()).toEqual([
        'Can a community move to another site?',
        'How do I round-trip a whole community?',
      ]);
      const original = before[`anyone ${API}/question/info?id=${ids.q1}`] as { body: { data: { html: string } } };
      const q1 = list.find((q: { title: string }) => q.title === 'How do I round-trip a whole community?');
      const detail = await ok(stackC, 'GET', `${API}/question/info?id=${q1.id}`);
      expect(detail.html).toBe(original.body.data.html);
      expect(detail.tags.map((t: { slug_name: string }) => t.slug_name)).toEqual(['round-trip', 'export']);
      const answers = (await ok(stackC, 'GET', `${API}/answer/page?question_id=${q1.id}&page=1&page_size=50`)).list;
      expect(answers.map((a: { html: string }) => a.html)).toContainEqual(
        expect.stringContaining('<strong>fresh</strong>'),
      );
      // The tag's wiki and a member's bio are the dump's HTML (a wiki post's Body, AboutMe), converted.
      const wiki = (request: Snapshot[string]) => (request as { body: { data: { parsed_text: string } } }).body.data;
      const tag = await ok(stackC, 'GET', `${API}/tag?name=round-trip`);
      expect(tag.parsed_text).toBe(wiki(before[`anyone ${API}/tag?name=round-trip`]).parsed_text);
      const aliceRow = (await xmlRows(join(dumpOnly, 'Users.xml'))).find((u) => u.DisplayName === 'Alice Asker');
      const username = usernameOf('Alice Asker', aliceRow?.Id ?? '');
      const alice = await ok(stackC, 'GET', `${API}/personal/user/info?username=${username}`);
      const bio = before[`anyone ${API}/personal/user/info?username=${people.alice.username}`] as {
        body: { data: { bio_html: string } };
      };
      expect(alice.bio_html).toBe(bio.body.data.bio_html);

      // Exported again, a site imported from a Stack Exchange dump keeps the dump's numbers; its votes came without
      // voters, and are counted all the same.
      const running = stackC.service('votes');
      const votes = votesService.exporter?.(running.context, votesFor(running));
      expect(await votes?.estimate('vote')).toBe(3);
      const again = join(root, 'export-of-c');
      const exportedAgain = await runHere(exportCommand, commandConfig(databaseC, dataDir), [again]);
      expect(exportedAgain.code).toBe(0);
      for (const file of ['Posts.xml', 'Users.xml', 'Comments.xml']) {
        const numbers = async (folder: string) =>
          (await xmlRows(join(folder, file)))
            .filter((row) => row.PostTypeId === undefined || row.PostTypeId === '1' || row.PostTypeId === '2')
            .map((row) => row.Id)
            .sort();
        expect(await numbers(again), file).toEqual(await numbers(dumpOnly));
      }
      const manifest = JSON.parse(await readFile(join(again, 'agora', 'manifest.json'), 'utf8')) as ExportManifest;
      expect(manifest).toMatchObject({ legacy_ids: 'stackexchange', counts: { vote: 3 } });
    } finally {
      await stackC.close();
    }
  });

  it('converts the bodies’ HTML back to the same Markdown when the history is gone too', async () => {
    const bodiesOnly = join(root, 'bodies-only');
    await cp(join(root, 'dump-only'), bodiesOnly, { recursive: true });
    await rm(join(bodiesOnly, 'PostHistory.xml'));
    const database = databases.at(-1) as Database;
    const source = createStackExchangeSource(bodiesOnly, { database: database.url, schema: 'stage_bodies_only' });
    try {
      await source.open();
      const html = (id: string) =>
        (before[`anyone ${API}/question/info?id=${id}`] as { body: { data: { html: string } } }).body.data.html;
      const converted = new Map<string, string>();
      for await (const record of source.records('question')) {
        if (record.kind === 'question')
          converted.set(record.revisions[0]?.title ?? '', renderMarkdown(record.revisions[0]?.content ?? ''));
      }
      expect(converted.get('How do I round-trip a whole community?')).toBe(html(ids.q1));
      expect(converted.get('Can a community move to another site?')).toBe(html(ids.q2));
    } finally {
      await source.dropStaging();
      await source.close();
    }
  });
});

describe('reading an export back', () => {
  const copyOf = async (name: string) => {
    const folder = join(root, name);
    await cp(exported, folder, { recursive: true });
    return folder;
  };
  const failure = async (source: ImportSource, kind: ImportKind) => {
    await source.open();
    const error = await (async () => {
      for await (const _ of source.records(kind));
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportInputError);
    return error as ImportInputError;
  };

  it('names the file and line of a record it cannot read', async () => {
    const folder = await copyOf('broken-records');
    const file = join(folder, 'agora', 'question.ndjson');
    const lines = (await readFile(file, 'utf8')).split('\n');
    await writeFile(file, [lines[0], '{"kind":"question",', ...lines.slice(1)].join('\n'));
    expect(await failure(createAgoraExportSource(folder), 'question')).toMatchObject({
      where: 'agora/question.ndjson',
      row: 2,
      message: expect.stringMatching(/^agora\/question\.ndjson, row 2: not JSON/),
    });
    await writeFile(file, [lines[0], lines[0]?.replace('"kind":"question"', '"kind":"answer"')].join('\n'));
    expect((await failure(createAgoraExportSource(folder), 'question')).message).toBe(
      'agora/question.ndjson, row 2: a record of kind answer in the file of question records',
    );
  });

  it('refuses an export of a newer format, and one whose records are missing', async () => {
    const folder = await copyOf('newer-format');
    const manifestFile = join(folder, 'agora', 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as ExportManifest;
    await writeFile(manifestFile, JSON.stringify({ ...manifest, format_version: 99 }));
    await expect(createAgoraExportSource(folder).open()).rejects.toThrow(/format version 99/);
    await writeFile(manifestFile, JSON.stringify(manifest));
    await rm(join(folder, 'agora', 'answer.ndjson'));
    await expect(createAgoraExportSource(folder).open()).rejects.toMatchObject({ where: 'agora/answer.ndjson' });
  });

  it('reads the records as they were written, with the site’s id style', async () => {
    const source = createAgoraExportSource(exported);
    await source.open();
    expect(source.legacyIds).toBe('answer');
    expect(await source.estimate('answer')).toBe(3);
    const read: ImportRecord[] = [];
    for await (const record of source.records('answer')) read.push(record);
    expect(read).toEqual(await sideRecords(exported, 'answer'));
  });
});
