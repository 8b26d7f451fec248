import { connectDatabase, migrateService, migrationsOf, type ServiceDatabase } from '@agora/platform';
import { createTestDatabase } from '@agora/test-support/database';
import { describeMigrationFolder, describeMigrationRun, platformKeys } from '@agora/test-support/migrations';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsMigrationFiles, postsMigrations } from '../src/migrations';
import * as questionTitlesKeptApart from '../src/migrations/0019_question_titles_kept_apart';

/** The keys databases have recorded (docs/adr/0046-migrations-one-per-file.md): add new ones, change none. */
const KEYS = [
  '20261122_0001_posts',
  '20261122_0002_invitations',
  '20261122_0003_activity_cancelled_at',
  '20261122_0004_active_list_covers_creation',
  '20261122_0010_read_model_changes',
  '20261125_0001_tag_catalog',
  '20261125_0002_tag_catalog_changes',
  '20261126_0001_question_follows',
  '20261126_0002_question_links',
  '20261126_0003_activity_reason',
  '20261126_0004_admin_content_lists',
  '20261126_0005_profile_lists',
  '20261126_0006_profile_lists_own',
  '20261227_0007_admin_content_search',
  '20261227_0008_post_status_counts',
  '20261227_0012_post_status_moves',
  '20261227_0014_title_trigrams_without_pending_list',
  '20261227_0015_member_lists_one_index_per_order',
  '20261227_0016_question_titles_kept_apart',
  '20261228_0017_import_keeping',
  '20261230_0018_tag_follows',
];

describeMigrationFolder({
  folder: new URL('../src/migrations/', import.meta.url),
  files: postsMigrationFiles,
  keys: KEYS,
  before: platformKeys,
});
describeMigrationRun('posts', postsMigrations);

/** A posts schema in a database of its own for the describe block, connected before its tests and dropped after. */
function postsDatabaseFor(name: string): () => ServiceDatabase {
  let database: ServiceDatabase;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createTestDatabase(name);
    drop = created.drop;
    database = connectDatabase({ url: created.url, schema: 'posts', maxConnections: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });
  return () => database;
}

describe('indexes', () => {
  const postsDatabase = postsDatabaseFor('migrations_posts_trigrams');
  let database: ServiceDatabase;

  beforeAll(async () => {
    database = postsDatabase();
    await migrateService(database, postsMigrations);
  });

  it("indexes titles' trigrams apart from questions, and answers' texts through the pending list (ADR 0085, 0087)", async () => {
    const { rows } = await sql<{ relname: string; table: string; reloptions: string[] | null }>`
      select c.relname, i.indrelid::regclass::text as table, c.reloptions
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname like '%trigrams' and c.relnamespace = 'posts'::regnamespace
      order by c.relname`.execute(database.db);
    expect(rows).toEqual([
      { relname: 'answers_content_trigrams', table: 'answers', reloptions: null },
      { relname: 'question_titles_trigrams', table: 'question_titles', reloptions: ['gin_pending_list_limit=256'] },
    ]);
  });

  it("finds a member's posts by one index per order, carrying what the public tabs filter on (ADR 0086)", async () => {
    const { rows } = await sql<{ name: string; definition: string }>`
      select c.relname as name, regexp_replace(pg_get_indexdef(c.oid), '^.* USING ', '') as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid in ('posts.questions'::regclass, 'posts.answers'::regclass) and c.relname ~ '_user'
      order by c.relname`.execute(database.db);
    expect(rows).toEqual([
      {
        name: 'answers_user_newest',
        definition: 'btree (user_id, created_at DESC, id DESC) INCLUDE (status, question_listed)',
      },
      {
        name: 'answers_user_score',
        definition: 'btree (user_id, vote_count DESC, created_at DESC, id DESC) INCLUDE (status, question_listed)',
      },
      { name: 'questions_user_newest', definition: 'btree (user_id, created_at DESC, id DESC) INCLUDE (status, show)' },
      {
        name: 'questions_user_score',
        definition: 'btree (user_id, vote_count DESC, created_at DESC, id DESC) INCLUDE (status, show)',
      },
    ]);
  });
});

describe('question titles kept apart (migration 0019)', () => {
  const postsDatabase = postsDatabaseFor('migrations_posts_titles');

  it("takes a database's questions with the version of each one's last title, so a replay changes nothing", async () => {
    const database = postsDatabase();
    const before = postsMigrationFiles.slice(0, postsMigrationFiles.indexOf(questionTitlesKeptApart));
    await migrateService(database, migrationsOf(before));
    const event = (stream: string, version: number, type: string) => sql`
      insert into events (event_id, stream_id, stream_version, type, data, metadata)
      values (gen_random_uuid(), ${stream}, ${version}, ${type}, '{}', '{}')`;
    for (const [stream, version, type] of [
      ['q1', 1, 'posts.question_asked'],
      ['q1', 2, 'posts.question_edited'],
      ['q1', 3, 'posts.question_closed'],
      ['q2', 1, 'posts.question_held'],
    ] as const)
      await event(stream, version, type).execute(database.db);
    await sql`
      insert into questions (id, user_id, title, url_title, content, html, description, tags, revision_id,
                             post_update_time, created_at, updated_at)
      values ('q1', 'u1', 'Edited title', 'edited-title', '', '', '', '[]', 'r2', now(), now(), now()),
             ('q2', 'u1', 'Held title', 'held-title', '', '', '', '[]', 'r1', now(), now(), now())`.execute(
      database.db,
    );

    await migrateService(database, postsMigrations);
    const { rows } = await sql`select question_id, title, version from question_titles order by question_id`.execute(
      database.db,
    );
    expect(rows).toEqual([
      { question_id: 'q1', title: 'Edited title', version: 2 },
      { question_id: 'q2', title: 'Held title', version: 1 },
    ]);
  });
});
