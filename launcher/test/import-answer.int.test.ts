import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Role } from '@agora/contracts';
import { idFromAnswerId, idFromNumber, shortIdOf } from '@agora/contracts/import/legacy-ids';
import { solveCaptcha } from '@agora/test-support/accounts';
import { createTestDatabase } from '@agora/test-support/database';
import { killLaunchers } from '@agora/test-support/launcher-process';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICES } from '../src/services';
import {
  buildAnswerDatabase,
  ID,
  OLD_SITE,
  PASSWORD,
  postgresTarget,
  sqliteTarget,
  T,
  writeUploads,
} from './support/answer-database';
import { runAgora, siteStore } from './support/import-command';

/**
 * An Apache Answer installation brought in by `npm run agora -- import answer`, from its PostgreSQL database and
 * from the same community in SQLite, and read back through Agora's API field by field
 * (docs/adr/0094-importing-a-community.md).
 */

const API = '/answer/api/v1';
const ADMIN = '/answer/admin/api';
const id = (answerId: string) => idFromAnswerId(answerId) as string;
const user = (n: string) => idFromNumber('user', n);
const seconds = (answerTime: string) => Date.parse(`${answerTime.replace(' ', 'T')}Z`) / 1000;

let root: string;
let uploads: Awaited<ReturnType<typeof writeUploads>>;
let fromPostgres: { stack: Stack; output: string; code: number | null };
let fromSqlite: { stack: Stack; output: string; code: number | null };

async function importedSite(from: string, name: string) {
  const database = await createTestDatabase(name);
  const site = siteStore(database.url);
  const run = await runAgora(site, ['import', 'answer', '--from', from, '--uploads', join(root, 'uploads')]);
  const stack = await startStack({ services: ALL_SERVICES, database, env: { AGORA_DATA_DIR: site.dataDir } });
  return { stack, ...run };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'agora-answer-'));
  uploads = await writeUploads(join(root, 'uploads'));
  const source = await createTestDatabase('answer_source');
  const postgres = await postgresTarget(source.url);
  await buildAnswerDatabase(postgres);
  await postgres.close();
  const sqliteFile = join(root, 'answer.db');
  const sqlite = await sqliteTarget(sqliteFile);
  await buildAnswerDatabase(sqlite);
  await sqlite.close();
  fromPostgres = await importedSite(source.url, 'answer_pg_site');
  fromSqlite = await importedSite(`sqlite:${sqliteFile}`, 'answer_sqlite_site');
  await source.drop();
}, 300_000);

afterAll(async () => {
  killLaunchers();
  await fromPostgres?.stack.close();
  await fromSqlite?.stack.close();
  if (root) await rm(root, { recursive: true, force: true });
});

async function signIn(stack: Stack, email: string, pass: string) {
  return stack.call('POST', `${API}/user/login/email`, {
    body: { e_mail: email, pass, ...(await solveCaptcha(stack, 'login')) },
  });
}

describe('an Apache Answer site imported from PostgreSQL', () => {
  let stack: Stack;
  let token: string;
  const get = async (url: string) => {
    const reply = await stack.call('GET', url, { token });
    expect(reply.status, `${url}: ${JSON.stringify(reply.body)}`).toBe(200);
    return reply.body.data;
  };

  beforeAll(async () => {
    stack = fromPostgres.stack;
    token = (await signIn(stack, 'admin@example.com', PASSWORD)).body.data?.access_token;
  });

  it('ends with a report per kind, of what came in and what was left out', () => {
    expect(fromPostgres.code, fromPostgres.output).toBe(0);
    expect(fromPostgres.output).toMatch(
      /Import finished \(run [^)]+\) from Apache Answer v2\.0\.\d at postgres:\/\/postgres:\*\*\*@/,
    );
    expect(fromPostgres.output).toMatch(/1 skipped: no such badge in Agora's catalogue: badge\.custom_thing\.name/);
    expect(fromPostgres.output).not.toMatch(/DeprecationWarning/);
  });

  it('signs a member in with the old password, and keeps roles and statuses', async () => {
    const admin = await signIn(stack, 'admin@example.com', PASSWORD);
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    expect(admin.body.data).toMatchObject({ id: user(ID.admin), username: 'admin', role_id: Role.admin });
    token = admin.body.data.access_token;
    expect((await signIn(stack, 'admin@example.com', 'not the password')).status).not.toBe(200);
    // Signed in again with the password rehashed to Agora's scheme at the first sign-in.
    expect((await signIn(stack, 'admin@example.com', PASSWORD)).status).toBe(200);

    const overview = async (n: string) => get(`${ADMIN}/user?user_id=${user(n)}`);
    expect(await overview(ID.moderator)).toMatchObject({ role_id: Role.moderator, username: 'mod' });
    expect(await overview(ID.banned)).toMatchObject({ status: 'suspended' });
    expect(await overview(ID.benched)).toMatchObject({
      status: 'suspended',
      suspended_until: seconds('2030-01-01 00:00:00'),
    });
    expect(await overview(ID.leaver)).toMatchObject({ status: 'deleted' });
  });

  it("keeps a member's profile, reputation, time of joining and uploaded avatar", async () => {
    const admin = await get(`${API}/personal/user/info?username=admin`);
    expect(admin).toMatchObject({
      display_name: 'The Admin',
      website: 'https://admin.example.com',
      location: 'Paris',
      created_at: seconds(T.start),
    });
    expect(admin.bio_html).toContain('<strong>Hello</strong>');
    expect(admin.avatar).not.toContain(OLD_SITE);
    const picture = await stack.gateway.inject({
      method: 'GET',
      url: new URL(admin.avatar, 'http://agora.test').pathname,
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(uploads.avatar)).toBe(true);
    const moderator = await get(`${API}/personal/user/info?username=mod`);
    expect(moderator.avatar).toBe('https://cdn.example.com/pic.jpg');
    const links = await stack.query(`select connector, external_id from identity.external_logins where user_id = $1`, [
      user(ID.moderator),
    ]);
    expect(links).toEqual([{ connector: 'github', external_id: 'gh-42' }]);
  });

  it('keeps a question with its id, short id, revisions, original times, pin, closure and accepted answer', async () => {
    const q1 = await get(`${API}/question/info?id=${ID.q1}`);
    // The source's permalinks gave short ids (SEO setting 4), so the site's answers do too.
    expect(q1).toMatchObject({
      id: shortIdOf(ID.q1),
      title: 'How do I read a file?',
      view_count: 42,
      pin: 2,
      status: 2,
      accepted_answer_id: shortIdOf(ID.a1),
      create_time: seconds(T.asked),
    });
    expect(q1.tags.map((t: { slug_name: string }) => t.slug_name).sort()).toEqual(['go', 'rust']);
    // The body's upload moved with it: the old address is rewritten to Agora's copy of the same bytes.
    expect(q1.content).toMatch(/^Edited body !\[p\]\(/);
    expect(q1.content).not.toContain(OLD_SITE);
    const short = shortIdOf(ID.q1) as string;
    expect((await get(`${API}/question/info?id=${short}`)).title).toBe('How do I read a file?');
    expect((await get(`${API}/question/info?id=${id(ID.q1)}`)).title).toBe('How do I read a file?');

    // The history, newest first: a suggestion waiting for review, the moderator's edit, the first version.
    const revisions = await get(`${API}/revisions?object_id=${id(ID.q1)}`);
    expect(revisions.map((r: { title: string; status: number }) => [r.title, r.status])).toEqual([
      ['How can I read a file?', 1],
      ['How do I read a file?', 2],
      ['How to read a file', 2],
    ]);
    expect(revisions.at(-1).create_at).toBe(seconds(T.asked));
    expect(revisions[1].user_info.username).toBe('mod');
    expect(revisions[1].reason).toBe('clearer title');
  });

  it('keeps answers with acceptance, and a deleted answer out of the list', async () => {
    const page = await get(`${API}/answer/page?question_id=${id(ID.q1)}&order=default&page=1&page_size=20`);
    // An admin sees the deleted answer, marked deleted.
    expect(page.list.map((a: { id: string; status: number }) => [a.id, a.status])).toEqual([
      [shortIdOf(ID.a1), 1],
      [shortIdOf(ID.a2), 10],
    ]);
    expect(page.list[0]).toMatchObject({ accepted: 2, content: 'Use os.ReadFile', create_time: seconds(T.answered) });
    expect(page.list[0].user_info.username).toBe('banned');
  });

  it('keeps comments with their replies, and a deleted comment out of sight', async () => {
    const page = await get(`${API}/comment/page?object_id=${id(ID.q1)}&page=1&page_size=20`);
    const byId = new Map(page.list.map((c: { comment_id: string }) => [c.comment_id, c]));
    expect(byId.get(id(ID.c1))).toMatchObject({ original_text: 'Nice question', username: 'mod' });
    expect(byId.get(id(ID.c2))).toMatchObject({ reply_user_id: user(ID.moderator), username: 'banned' });
    const onAnswer = await get(`${API}/comment/page?object_id=${id(ID.a1)}&page=1&page_size=20`);
    expect(onAnswer.list).toEqual([]);
  });

  it('keeps tags with their wiki, synonyms and reserved state', async () => {
    const go = await get(`${API}/tag?name=go`);
    expect(go).toMatchObject({ slug_name: 'go', display_name: 'Go', recommend: true });
    expect(go.original_text).toMatch(/^Go wiki/);
    const synonyms = await get(`${API}/tag/synonyms?tag_id=${go.tag_id}`);
    expect(synonyms.synonyms.map((t: { slug_name: string }) => t.slug_name)).toEqual(['golang']);
    expect(await get(`${API}/tag?name=rust`)).toMatchObject({ reserved: true });
  });

  it('keeps votes, bookmarks, follows and reactions', async () => {
    const q1 = await get(`${API}/question/info?id=${ID.q1}`);
    expect(q1).toMatchObject({ vote_count: 1, collection_count: 1, follow_count: 1 });
    const reactions = await get(`${API}/meta/reaction?object_id=${id(ID.q1)}`);
    expect(reactions.reaction_summary).toEqual(
      expect.arrayContaining([expect.objectContaining({ emoji: 'heart', count: 1 })]),
    );
  });

  it('keeps reputation, badges awarded, pending flags, held posts and suggested edits', async () => {
    expect((await get(`${API}/personal/user/info?username=admin`)).rank).toBe(1200);
    expect((await get(`${API}/personal/user/info?username=banned`)).rank).toBe(10);
    const badges = await get(`${API}/badge/user/awards?username=mod`);
    expect(badges.list.map((b: { name: string; earned_count: number }) => [b.name, b.earned_count])).toEqual([
      ['First Flag', 1],
    ]);
    const flags = await get(`${API}/report/unreviewed/post?page=1`);
    expect(flags.list.map((f: { answer_id: string }) => f.answer_id)).toEqual([id(ID.a2)]);
    const held = await get(`${API}/review/pending/post/page?page=1`);
    expect(held.list.map((p: { title: string }) => p.title)).toEqual(['Waiting question']);
    const suggested = await get(`${API}/revisions/unreviewed?page=1`);
    expect(suggested.list.map((r: { unreviewed_info: { title: string } }) => r.unreviewed_info.title)).toEqual([
      'How can I read a file?',
    ]);
  });

  it('opens an old answer link', async () => {
    const answer = await get(`${API}/answer/info?id=${ID.a1}`);
    expect(answer.info).toMatchObject({ content: 'Use os.ReadFile', question_id: shortIdOf(ID.q1) });
  });

  it('keeps the site settings, its uploaded logo and its member-only state', async () => {
    const site = await get(`${API}/siteinfo`);
    expect(site.general).toMatchObject({ name: 'Old Q&A', short_description: 'short', description: 'long' });
    expect(site.custom_css_html).toMatchObject({ custom_css: 'body{}', custom_footer: '<p>foot</p>' });
    expect(site.branding.logo).not.toContain(OLD_SITE);
    expect(site.login).toMatchObject({ allow_new_registrations: false });
    expect(site.site_security).toMatchObject({ login_required: true });
    // A member-only site stays one: an anonymous reader is asked to sign in.
    expect((await stack.call('GET', `${API}/question/info?id=${ID.q1}`)).status).toBe(401);
    const legal = await get(`${API}/siteinfo/legal?info_type=tos`);
    expect(legal.terms_of_service_original_text).toBe('# Terms');
  });
});

describe('the same Apache Answer site imported from SQLite', () => {
  it('reads back as the site imported from PostgreSQL', async () => {
    expect(fromSqlite.code, fromSqlite.output).toBe(0);
    const tokenOf = async (stack: Stack) => (await signIn(stack, 'admin@example.com', PASSWORD)).body.data.access_token;
    const tokens = [await tokenOf(fromPostgres.stack), await tokenOf(fromSqlite.stack)];
    for (const url of [
      `${API}/question/info?id=${ID.q1}`,
      `${API}/answer/page?question_id=${id(ID.q1)}&order=default&page=1&page_size=20`,
      `${API}/comment/page?object_id=${id(ID.q1)}&page=1&page_size=20`,
      `${API}/revisions?object_id=${id(ID.q1)}`,
      `${API}/tag?name=go`,
      `${API}/personal/user/info?username=admin`,
      `${API}/siteinfo`,
    ]) {
      const [a, b] = await Promise.all(
        [fromPostgres.stack, fromSqlite.stack].map((stack, n) => stack.call('GET', url, { token: tokens[n] })),
      );
      // Signing in moves the time of the last sign-in; the rest is the import's.
      const content = (reply?: { body: unknown }) =>
        JSON.parse(JSON.stringify(reply?.body), (key, value) => (key === 'last_login_date' ? undefined : value));
      expect(content(b), url).toEqual(content(a));
    }
  });
});

describe('an Answer database the importer cannot take', () => {
  async function refusal(name: string, options: Parameters<typeof buildAnswerDatabase>[1]) {
    const file = join(root, `${name}.db`);
    const sqlite = await sqliteTarget(file);
    await buildAnswerDatabase(sqlite, options);
    await sqlite.close();
    const database = await createTestDatabase(`answer_${name}`);
    try {
      const run = await runAgora(siteStore(database.url), ['import', 'answer', '--from', `sqlite:${file}`]);
      expect(run.code, run.output).toBe(65);
      return run.output;
    } finally {
      await database.drop();
    }
  }

  it('names an unknown schema version, and a table the version should have', async () => {
    expect(await refusal('future', { version: 999 })).toMatch(
      /Import stopped on bad input: version, row 1: version_number 999 is not one this importer knows/,
    );
    expect(await refusal('partial', { without: ['comment'] })).toMatch(
      /Import stopped on bad input: comment: missing: Answer v2\.0\.\d+ \(version_number \d+\) has this table since/,
    );
  }, 120_000);
});
