/**
 * `backup <file>` and `restore <file>` (docs/adr/0101-backup-and-restore.md), with every service on real PostgreSQL:
 * a site with content (questions, answers, comments, votes, a bookmark, a flag, a tag wiki, an upload, members with
 * passwords, changed settings) is backed up while a writer keeps answering and voting; the backup restored into a
 * fresh database and data directory answers every read the test knows as the site did (the writer's own question
 * aside), holds a consistent prefix of the writer's work, lets a member sign in with their password and keeps their
 * tokens working, serves the upload, and its rebuild appended no event. A damaged or cut-short file is refused with a
 * clear message and nothing written; the commands answer --help, refuse unknown options, and scheduled backups keep
 * the newest few.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Role } from '@agora/contracts';
import { type AgoraConfig, loadConfig } from '@agora/platform';
import { postsFor } from '@agora/posts';
import { createUser, login, setReputation, type TestUser } from '@agora/test-support/accounts';
import { createTestDatabase } from '@agora/test-support/database';
import { type Stack, startStack } from '@agora/test-support/stack';
import pg from 'pg';
import pino from 'pino';
import sharp from 'sharp';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCommand } from '../src/backup/backup-command';
import { type BackupManifest, MANIFEST_ENTRY } from '../src/backup/manifest';
import { roleOf } from '../src/backup/plan';
import { restoreCommand } from '../src/backup/restore-command';
import { pruneBackups, scheduleBackups, scheduledBackupName } from '../src/backup/schedule';
import { ALL_SERVICES } from '../src/services';

const API = '/answer/api/v1';
const ADMIN = '/answer/admin/api';
const SITE_URL = 'http://agora.test';
const log = pino({ level: 'silent' });

type Database = { url: string; drop: () => Promise<void> };
const keep = (database: Database) => ({ url: database.url, drop: async () => {} });

let root: string;
const databases: Database[] = [];
let siteA: { database: Database; dataDir: string };
let people: Record<'admin' | 'alice' | 'bob' | 'carol' | 'loader' | 'voter', TestUser>;
let tokens: Record<keyof typeof people, string>;
let backupFile: string;
let manifest: BackupManifest;
/** What site A answered through the API after the backup, the writer stopped. */
let before: Snapshot;
/** The writer's answers: acknowledged before the backup began, and begun after it ended. */
const written = { ackedBefore: [] as string[], begunAfter: [] as string[] };
const ids = { q1: '', q2: '', a1: '', a2: '', comment: '', tag: '', imageUrl: '', load: '' };

async function ok(stack: Stack, method: string, url: string, token?: string, body?: unknown) {
  const response = await stack.call(method, url, { token, body });
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.data;
}

async function upload(stack: Stack, token: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('source', 'post');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'post.png');
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

function commandConfig(url: string, dataDir: string): AgoraConfig {
  return loadConfig({ env: { DATABASE_URL: url, AGORA_DATA_DIR: dataDir, AGORA_SITE_URL: SITE_URL } });
}

/** Runs an operator command in this process, with what it prints on stdout and stderr. */
async function runHere(
  command: (config: AgoraConfig, log: pino.Logger, args: string[]) => Promise<number>,
  config: AgoraConfig,
  args: string[],
) {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = process.stdout.write.bind(process.stdout);
  const stderr = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string | Uint8Array) => out.push(String(chunk)) > 0) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => err.push(String(chunk)) > 0) as typeof process.stderr.write;
  try {
    const code = await command(config, log, args);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
  }
}

/** The community: every kind of content the compared reads show. */
async function buildCommunity(stack: Stack): Promise<void> {
  people = {
    admin: await createUser(stack, { roleId: Role.admin, name: 'Ada Admin' }),
    alice: await createUser(stack, { name: 'Alice Asker' }),
    bob: await createUser(stack, { name: 'Bob Answerer' }),
    carol: await createUser(stack, { name: 'Carol Voter' }),
    loader: await createUser(stack, { name: 'Lou Loader' }),
    voter: await createUser(stack, { name: 'Vic Voter' }),
  };
  for (const user of [people.alice, people.bob, people.carol, people.voter]) await setReputation(stack, user.id, 2000);
  tokens = Object.fromEntries(
    await Promise.all(Object.entries(people).map(async ([name, user]) => [name, await login(stack, user)])),
  ) as typeof tokens;
  await ok(stack, 'PUT', `${ADMIN}/siteinfo/general`, tokens.admin, {
    name: 'Backed-up Community',
    short_description: 'Where nothing is lost',
    description: 'A community backed up and restored.',
    site_url: SITE_URL,
    contact_email: 'admin@agora.test',
  });
  ids.imageUrl = await upload(
    stack,
    tokens.alice,
    await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 30, g: 200, b: 30 } } })
      .png()
      .toBuffer(),
  );
  ids.q1 = (
    await ok(stack, 'POST', `${API}/question`, tokens.alice, {
      title: 'How is a running site backed up?',
      content: `In one snapshot, while writes go on.\n\n![diagram](${ids.imageUrl})`,
      tags: [{ slug_name: 'backup', display_name: 'backup' }],
    })
  ).id;
  await stack.settle();
  await ok(stack, 'PUT', `${API}/question`, tokens.alice, {
    id: ids.q1,
    title: 'How is a running site backed up consistently?',
    content: `In one snapshot of every schema, while writes go on.\n\n![diagram](${ids.imageUrl})`,
    tags: [
      { slug_name: 'backup', display_name: 'backup' },
      { slug_name: 'restore', display_name: 'restore' },
    ],
    edit_summary: 'say what consistent means',
  });
  ids.a1 = (
    await ok(stack, 'POST', `${API}/answer`, tokens.bob, {
      question_id: ids.q1,
      content: 'Export a snapshot and share it across connections.',
    })
  ).info.id;
  await stack.settle();
  await ok(stack, 'POST', `${API}/answer/acceptance`, tokens.alice, { question_id: ids.q1, answer_id: ids.a1 });
  ids.comment = (
    await ok(stack, 'POST', `${API}/comment`, tokens.carol, { object_id: ids.q1, original_text: 'What of uploads?' })
  ).comment_id;
  await ok(stack, 'POST', `${API}/comment`, tokens.alice, { object_id: ids.a1, original_text: 'Thanks, *clear*.' });
  await stack.settle();
  await ok(stack, 'POST', `${API}/vote/up`, tokens.carol, { object_id: ids.q1 });
  await ok(stack, 'POST', `${API}/vote/up`, tokens.carol, { object_id: ids.a1 });
  await ok(stack, 'POST', `${API}/vote/up`, tokens.bob, { object_id: ids.comment });
  await ok(stack, 'POST', `${API}/collection/switch`, tokens.bob, { object_id: ids.q1, group_id: '0', bookmark: true });
  await ok(stack, 'PUT', `${API}/meta/reaction`, tokens.carol, {
    object_id: ids.a1,
    emoji: 'heart',
    reaction: 'activate',
  });
  ids.tag = (await ok(stack, 'GET', `${API}/tag?name=backup`, tokens.admin)).tag_id;
  await ok(stack, 'PUT', `${API}/tag`, tokens.admin, {
    tag_id: ids.tag,
    original_text: 'Questions about keeping a site **safe**.',
    edit_summary: 'a wiki',
  });
  await ok(stack, 'POST', `${API}/follow`, tokens.carol, { object_id: ids.tag });
  ids.q2 = (
    await ok(stack, 'POST', `${API}/question`, tokens.bob, {
      title: 'Does a restore rebuild the search index?',
      content: 'Asking about search after a restore.',
      tags: [{ slug_name: 'restore', display_name: 'restore' }],
    })
  ).id;
  await stack.settle();
  ids.a2 = (
    await ok(stack, 'POST', `${API}/answer`, tokens.alice, {
      question_id: ids.q2,
      content: `Yes, see [the other question](/questions/${ids.q1}).`,
    })
  ).info.id;
  await ok(stack, 'POST', `${API}/report`, tokens.carol, { object_id: ids.a2, report_type: 57, content: '' });
  await ok(stack, 'POST', `${API}/follow`, tokens.bob, { object_id: ids.q2 });
  for (let i = 0; i < 3; i++) await stack.call('GET', `${API}/question/info?id=${ids.q1}`);
  ids.load = (
    await ok(stack, 'POST', `${API}/question`, tokens.loader, {
      title: 'A question the writer keeps answering',
      content: 'Comments and votes arrive while the backup runs.',
      tags: [{ slug_name: 'backup', display_name: 'backup' }],
    })
  ).id;
  await stack.settle();
}

/**
 * The writer: comments on its own question, each then voted up by another member (posts, votes, and every service's
 * projections of them), until told to stop.
 */
function startWriter(stack: Stack) {
  let stopping = false;
  let n = 0;
  const run = (async () => {
    while (!stopping) {
      n += 1;
      const comment = await stack.call('POST', `${API}/comment`, {
        token: tokens.loader,
        body: { object_id: ids.load, original_text: `Comment number ${n} of the writer, while the backup runs.` },
      });
      expect(comment.status, JSON.stringify(comment.body)).toBe(200);
      const id: string = comment.body.data.comment_id;
      const vote = await stack.call('POST', `${API}/vote/up`, { token: tokens.voter, body: { object_id: id } });
      expect(vote.status, JSON.stringify(vote.body)).toBe(200);
      (backingUp.started ? (backingUp.ended ? written.begunAfter : null) : written.ackedBefore)?.push(id);
    }
  })();
  return {
    async stop() {
      stopping = true;
      await run;
    },
  };
}
const backingUp = { started: false, ended: false };

/** What a site answers through the API, by request. */
type Snapshot = Record<string, unknown>;

/** Every read the comparison covers, as each member sees it (the writer's question and members left out). */
async function snapshot(stack: Stack): Promise<Snapshot> {
  const shot: Snapshot = {};
  const read = async (url: string, as?: keyof typeof people) => {
    const response = await stack.call('GET', url, { token: as ? tokens[as] : undefined });
    shot[`${as ?? 'anyone'} ${url}`] = { status: response.status, body: response.body };
  };
  await read(`${API}/question/page?page=1&page_size=50&order=newest`);
  await read(`${API}/question/page?page=1&page_size=50&order=score`, 'carol');
  for (const question of [ids.q1, ids.q2]) {
    await read(`${API}/question/info?id=${question}`);
    await read(`${API}/question/info?id=${question}`, 'bob');
    await read(`${API}/answer/page?question_id=${question}&page=1&page_size=50&order=default`, 'alice');
    await read(`${API}/comment/page?object_id=${question}&page=1&page_size=50`, 'bob');
    await read(`${API}/revisions?object_id=${question}`);
    await read(`${API}/activity/timeline?object_id=${question}`, 'admin');
  }
  for (const answer of [ids.a1, ids.a2]) {
    await read(`${API}/answer/info?id=${answer}`, 'admin');
    await read(`${API}/comment/page?object_id=${answer}&page=1&page_size=50`);
    await read(`${API}/meta/reaction?object_id=${answer}`, 'carol');
  }
  await read(`${API}/tags/page?page=1&page_size=50`);
  await read(`${API}/tag?name=backup`);
  await read(`${API}/tag?name=restore`);
  await read(`${API}/tags/following`, 'carol');
  for (const name of ['alice', 'bob', 'carol'] as const) {
    const username = people[name].username;
    await read(`${API}/personal/user/info?username=${username}`);
    await read(`${API}/user/info`, name);
    await read(`${API}/personal/rank/page?username=${username}&page=1&page_size=50`, name);
    await read(`${API}/personal/question/page?username=${username}&order=newest&page=1&page_size=50`);
    await read(`${API}/personal/answer/page?username=${username}&order=newest&page=1&page_size=50`);
    await read(`${API}/badge/user/awards?username=${username}`);
    await read(`${API}/notification/page?type=inbox&page=1&page_size=50`, name);
    await read(`${API}/notification/status`, name);
  }
  await read(`${API}/personal/collection/page?page=1&page_size=50`, 'bob');
  await read(`${API}/question/link?question_id=${ids.q1}&page=1&page_size=50`);
  await read(`${API}/search?q=snapshot&page=1&size=20&order=relevance`);
  await read(`${API}/search?q=restore&page=1&size=20&order=newest`);
  await read(`${API}/search?q=%5Bbackup%5D&page=1&size=20&order=newest`);
  await read(`${ADMIN}/reports/page?status=pending&page=1&page_size=50`, 'admin');
  await read(`${ADMIN}/siteinfo/general`, 'admin');
  await read(`${API}/siteinfo`);
  return shot;
}

/** A reply as compared: the writer's question and members are out of the lists (the writer went on after the backup). */
function comparable(reply: unknown): unknown {
  const writers = new Set([ids.load, people.loader.id, people.voter.id]);
  return JSON.parse(JSON.stringify(reply), (key, value) => {
    if (key === 'list' && Array.isArray(value))
      return value.filter(
        (item) => !writers.has(item?.id) && !writers.has(item?.question_id) && !writers.has(item?.user_id),
      );
    if (key === 'count' && typeof value === 'number') return undefined;
    return value;
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'agora-backup-'));
  const databaseA = await createTestDatabase('bka');
  databases.push(databaseA);
  siteA = { database: databaseA, dataDir: join(root, 'site-a') };
  const stackA = await startStack({
    services: ALL_SERVICES,
    database: keep(databaseA),
    env: { AGORA_DATA_DIR: siteA.dataDir },
  });
  try {
    await buildCommunity(stackA);
    await postsFor(stackA.service('posts')).views.flush();
    const writer = startWriter(stackA);
    // Some of the writer's work lands before the backup begins.
    while (written.ackedBefore.length < 3) await new Promise((resolve) => setTimeout(resolve, 50));
    backupFile = join(root, 'site.agora-backup.tar');
    backingUp.started = true;
    const backedUp = await runHere(backupCommand, commandConfig(databaseA.url, siteA.dataDir), [backupFile]);
    backingUp.ended = true;
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toContain(`Backed up to ${backupFile}`);
    expect(backedUp.stderr).toContain('backup rows');
    // And some after it ends.
    const after = written.begunAfter.length;
    while (written.begunAfter.length < after + 2) await new Promise((resolve) => setTimeout(resolve, 50));
    await writer.stop();
    await stackA.settle();
    await postsFor(stackA.service('posts')).views.flush();
    before = await snapshot(stackA);
  } finally {
    await stackA.close();
  }
  manifest = JSON.parse(await entryText(backupFile, MANIFEST_ENTRY)) as BackupManifest;
}, 300_000);

afterAll(async () => {
  for (const database of databases) await database.drop();
  if (root) await rm(root, { recursive: true, force: true });
});

async function entryText(file: string, name: string): Promise<string> {
  const extract = tar.extract();
  const { createReadStream } = await import('node:fs');
  createReadStream(file).pipe(extract);
  let text = '';
  for await (const entry of extract) {
    if (entry.header.name === name) for await (const chunk of entry) text += String(chunk);
    else entry.resume();
  }
  return text;
}

describe('backup', () => {
  it('is an archive of every service log and the state no event holds, with a manifest of checksums, owner-only', async () => {
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    expect(manifest).toMatchObject({ format: 'agora-backup', format_version: 1, uploads: { files: 1 } });
    expect(manifest.services.map((s) => s.name).sort()).toEqual(ALL_SERVICES.map((m) => m.name).sort());
    const tables = Object.fromEntries(manifest.services.map((s) => [s.name, s.tables.map((t) => t.name)]));
    expect(tables.identity).toEqual(expect.arrayContaining(['events', 'credentials', 'sessions', 'signing_keys']));
    // No read model is in it: they are rebuilt.
    expect(tables.posts).toEqual(['events', 'import_legacy_ids']);
    expect(manifest.services.flatMap((s) => s.tables).every((t) => /^[0-9a-f]{64}$/.test(t.sha256))).toBe(true);
    // Nothing of it is left beside it.
    expect(await readdir(root)).toEqual(expect.arrayContaining(['site.agora-backup.tar']));
    expect(
      (await readdir(root)).filter((name) => name.includes('partial') || name.startsWith('.agora-backup')),
    ).toEqual([]);
  });

  it('refuses to overwrite a file, answers --help and refuses unknown options with its usage', async () => {
    const config = commandConfig(siteA.database.url, siteA.dataDir);
    const again = await runHere(backupCommand, config, [backupFile]);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('a backup never overwrites a file') });
    expect(await runHere(backupCommand, config, ['--help'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('backup <file> [--uploads <dir>] [--jobs <n>]'),
    });
    const unknown = await runHere(backupCommand, config, [join(root, 'other.tar'), '--everything']);
    expect(unknown).toMatchObject({ code: 64, stderr: expect.stringContaining('Usage:') });
    expect((await runHere(backupCommand, config, [])).code).toBe(64);
    expect((await runHere(restoreCommand, config, ['--help'])).stdout).toContain('restore <file> [--uploads <dir>]');
    expect((await runHere(restoreCommand, config, [backupFile, '--force'])).code).toBe(64);
  });
});

describe('restore into a fresh database and data directory', () => {
  let stackB: Stack;
  let after: Snapshot;
  let restored: { code: number; stdout: string; stderr: string };
  let databaseB: Database;
  const dataDirB = () => join(root, 'site-b');

  beforeAll(async () => {
    databaseB = await createTestDatabase('bkb');
    databases.push(databaseB);
    restored = await runHere(restoreCommand, commandConfig(databaseB.url, dataDirB()), [backupFile]);
    expect(restored.code, restored.stderr).toBe(0);
    stackB = await startStack({
      services: ALL_SERVICES,
      database: keep(databaseB),
      env: { AGORA_DATA_DIR: dataDirB() },
    });
    await stackB.settle();
    after = await snapshot(stackB);
  }, 300_000);

  afterAll(async () => {
    await stackB?.close();
  });

  it('shows progress, and its replay decides nothing twice', async () => {
    expect(restored.stderr).toContain('verify');
    expect(restored.stderr).toContain('restore rows');
    expect(restored.stderr).toContain('posts: read models rebuilt from');
    expect(restored.stdout).toContain(`Restored ${backupFile}`);
    // The only events a replay may append are notifications the projections had not opened by the snapshot (the
    // writer's votes on the writer's comments), each once: the sagas (reputation, tags, flags) find their decisions.
    const appended = /done now: (.*)$/m.exec(restored.stdout)?.[1] ?? '';
    for (const kind of appended.split(', ').filter(Boolean))
      expect(kind).toMatch(/^notifications\.notification_opened \d+$/);
    const twice = await stackB.query(
      `select stream_id from notifications.events where type = 'notifications.notification_opened'
        group by stream_id having count(*) > 1`,
    );
    expect(twice).toEqual([]);
    const ledgerTwice = await stackB.query(
      `select stream_id, type, data from votes.events group by stream_id, type, data having count(*) > 1`,
    );
    expect(ledgerTwice).toEqual([]);
  });

  it('answers every read route as the site did', () => {
    const data = (request: string) => (before[request] as { body: { data: Record<string, unknown> } }).body.data;
    // What is compared is there to compare.
    expect(data(`anyone ${API}/question/info?id=${ids.q1}`)).toMatchObject({ answer_count: 1, vote_count: 1 });
    expect(data(`bob ${API}/question/info?id=${ids.q2}`)).toMatchObject({ is_followed: true });
    expect(data(`admin ${ADMIN}/reports/page?status=pending&page=1&page_size=50`)).toMatchObject({ count: 1 });
    expect(data(`anyone ${API}/search?q=snapshot&page=1&size=20&order=relevance`)).toMatchObject({ count: 2 });
    for (const [request, answer] of Object.entries(before)) {
      expect.soft(comparable(after[request]), request).toEqual(comparable(answer));
    }
  });

  it("holds a consistent prefix of the writer's work: all acknowledged before, none begun after, votes agreeing", async () => {
    const comments: { comment_id: string; vote_count: number }[] = [];
    for (let page = 1; ; page++) {
      const { list } = await ok(stackB, 'GET', `${API}/comment/page?object_id=${ids.load}&page=${page}&page_size=100`);
      comments.push(...list);
      if (list.length < 100) break;
    }
    const present = new Map(comments.map((c) => [c.comment_id, c.vote_count]));
    // Each acknowledged before the backup began is there, voted up (its vote was acknowledged before it too).
    for (const id of written.ackedBefore) expect(present.get(id), id).toBe(1);
    for (const id of written.begunAfter) expect(present.has(id), id).toBe(false);
    // Only the newest may lack its vote: the snapshot fell between a comment and its vote at most once.
    const unvoted = comments.filter((c) => c.vote_count !== 1);
    expect(unvoted.length).toBeLessThanOrEqual(1);
    // Votes' own log agrees with posts' counts: the voter's votes are the comments counted as voted.
    const votes = await stackB.query<{ n: number }>(
      `select count(*)::int as n from votes.votes where user_id = $1 and object_id = any($2)`,
      [people.voter.id, comments.map((c) => c.comment_id)],
    );
    expect(votes[0]?.n).toBe(comments.length - unvoted.length);
  });

  it('keeps the tokens members had, and lets a member sign in with their password', async () => {
    expect((await ok(stackB, 'GET', `${API}/user/info`, tokens.alice)).username).toBe(people.alice.username);
    const response = await stackB.call('POST', `${API}/user/login/email`, {
      body: { e_mail: people.bob.email, pass: people.bob.password },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.username).toBe(people.bob.username);
    const wrong = await stackB.call('POST', `${API}/user/login/email`, {
      body: { e_mail: people.bob.email, pass: `${people.bob.password}-not` },
    });
    expect(wrong.status).not.toBe(200);
  });

  it('serves the uploaded file at its old address', async () => {
    const response = await stackB.gateway.inject({ method: 'GET', url: new URL(ids.imageUrl).pathname });
    expect(response.statusCode).toBe(200);
    const key = ids.imageUrl.split('/').at(-1) ?? '';
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(key.split('.')[0]);
  });

  it('takes new writes after the restored ones', async () => {
    const answer = await ok(stackB, 'POST', `${API}/answer`, tokens.bob, {
      question_id: ids.q2,
      content: 'A new answer on the restored site.',
    });
    expect(answer.info.id).toBeTruthy();
    await stackB.settle();
    const list = (await ok(stackB, 'GET', `${API}/answer/page?question_id=${ids.q2}&page=1&page_size=50`)).list;
    expect(list).toHaveLength(2);
  });

  it('knows the role of every table of every schema: a new table is kept, rebuilt or left out on purpose', async () => {
    const tables = await stackB.query<{ schema: string; table: string }>(
      `select table_schema as schema, table_name as table from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema = any($1) order by 1, 2`,
      [ALL_SERVICES.map((m) => m.name)],
    );
    expect(tables.length).toBeGreaterThan(100);
    expect(tables.filter((t) => roleOf(t.schema, t.table) === undefined).map((t) => `${t.schema}.${t.table}`)).toEqual(
      [],
    );
  });

  it('refuses a target that holds a site', async () => {
    const again = await runHere(restoreCommand, commandConfig(databaseB.url, join(root, 'site-b2')), [backupFile]);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('holds an Agora already') });
    const uploadsTaken = await runHere(restoreCommand, commandConfig(databaseB.url, dataDirB()), [backupFile]);
    expect(uploadsTaken).toMatchObject({ code: 1, stderr: expect.stringContaining('holds files') });
  });
});

/** The offset of a byte in the middle of the archive's first table entry of more than 100 bytes. */
function middleOfFirstTable(archive: Buffer): number {
  for (let at = 0; at + 512 <= archive.length; ) {
    const name = archive
      .subarray(at, at + 100)
      .toString('utf8')
      .replace(/\0.*$/s, '');
    const size = Number.parseInt(
      archive
        .subarray(at + 124, at + 136)
        .toString('utf8')
        .replace(/\0.*$/s, ''),
      8,
    );
    if (name.startsWith('db/') && size > 100) return at + 512 + Math.floor(size / 2);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error('no table of some size in the archive');
}

describe('a damaged or cut-short backup', () => {
  /** A restore of the file into a new database and data directory: what it said, and what it left there. */
  async function restoreOf(file: string) {
    const database = await createTestDatabase('bkc');
    databases.push(database);
    const dataDir = await mkdtemp(join(root, 'site-c-'));
    const result = await runHere(restoreCommand, commandConfig(database.url, dataDir), [file]);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query(
      `select nspname from pg_namespace where nspname not like 'pg_%' and nspname not in ('public', 'information_schema')`,
    );
    await client.end();
    return { ...result, schemas: rows.map((r) => r.nspname), files: await readdir(dataDir) };
  }

  it('is refused when a byte of a table changed, with nothing written', async () => {
    const damaged = join(root, 'damaged.tar');
    const bytes = await readFile(backupFile);
    // A byte in the middle of the first table of some size (after its entry's 512-byte header).
    const at = middleOfFirstTable(bytes);
    bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    await writeFile(damaged, bytes);
    const result = await restoreOf(damaged);
    expect(result.code, result.stderr).toBe(65);
    expect(result.stderr).toMatch(/Restore refused: .* cannot be restored: .*(damaged|cannot be read)/);
    expect(result.schemas).toEqual([]);
    expect(result.files).toEqual([]);
  });

  it('is refused when cut short, with nothing written', async () => {
    const cut = join(root, 'cut.tar');
    await writeFile(cut, await readFile(backupFile));
    await truncate(cut, Math.floor((await stat(backupFile)).size * 0.6));
    const result = await restoreOf(cut);
    expect(result.code).toBe(65);
    expect(result.stderr).toMatch(/cut short/);
    expect(result.schemas).toEqual([]);
    expect(result.files).toEqual([]);
  });

  it('is refused when it is not a backup at all', async () => {
    const other = join(root, 'other.tar');
    await writeFile(other, 'not an archive at all, only words');
    const result = await restoreOf(other);
    expect(result.code).toBe(65);
    expect(result.schemas).toEqual([]);
  });
});

describe('scheduled backups', () => {
  it('are named by their time and keep the newest few', async () => {
    expect(scheduledBackupName(new Date('2026-12-08T10:11:12.345Z'))).toBe('agora-backup-20261208T101112Z.tar');
    const dir = join(root, 'pruned');
    await mkdir(dir);
    const names = ['20261201T000000Z', '20261202T000000Z', '20261203T000000Z'].map((t) => `agora-backup-${t}.tar`);
    for (const name of [...names, 'notes.txt']) await writeFile(join(dir, name), '');
    expect(await pruneBackups(dir, 2)).toEqual([names[0]]);
    expect((await readdir(dir)).sort()).toEqual([names[1], names[2], 'notes.txt']);
  });

  it('are taken on time by `npm start` when the setting asks', async () => {
    const dir = join(root, 'scheduled');
    const config = loadConfig({
      env: {
        DATABASE_URL: siteA.database.url,
        AGORA_DATA_DIR: siteA.dataDir,
        AGORA_BACKUP_EVERY_MINUTES: '1',
        AGORA_BACKUP_DIR: dir,
        AGORA_BACKUP_KEEP: '1',
      },
    });
    expect(config).toMatchObject({ backupEveryMinutes: 1, backupDir: dir, backupKeep: 1 });
    const schedule = scheduleBackups(config, log, siteA.database.url, { everyMs: 300 });
    try {
      const deadline = Date.now() + 60_000;
      let taken: string[] = [];
      // Two taken, the first deleted.
      while (Date.now() < deadline) {
        taken = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.tar'));
        if (taken.length === 1 && (await stat(join(dir, taken[0] ?? '')).catch(() => null))) {
          const first = taken[0];
          await new Promise((resolve) => setTimeout(resolve, 1500));
          const later = (await readdir(dir)).filter((name) => name.endsWith('.tar'));
          if (later.length === 1 && later[0] !== first) break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const kept = (await readdir(dir)).filter((name) => name.endsWith('.tar'));
      expect(kept).toHaveLength(1);
    } finally {
      await schedule?.stop();
    }
    expect(scheduleBackups(loadConfig({ env: { AGORA_DATA_DIR: siteA.dataDir } }), log, siteA.database.url)).toBeNull();
  }, 120_000);
});
