import { connectDatabase, migrateService, type ServiceDatabase } from '@agora/platform';
import { createTestDatabase } from '@agora/test-support/database';
import { describeMigrationFolder, describeMigrationRun, platformKeys } from '@agora/test-support/migrations';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsMigrationFiles, postsMigrations } from '../src/migrations';

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
];

describeMigrationFolder({
  folder: new URL('../src/migrations/', import.meta.url),
  files: postsMigrationFiles,
  keys: KEYS,
  before: platformKeys,
});
describeMigrationRun('posts', postsMigrations);

describe('trigram indexes', () => {
  let database: ServiceDatabase;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase('migrations_posts_trigrams');
    drop = created.drop;
    database = connectDatabase({ url: created.url, schema: 'posts', maxConnections: 2 });
    await migrateService(database, postsMigrations);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("writes an ask into the titles' index itself, and keeps the answers' pending list (ADR 0085)", async () => {
    const { rows } = await sql<{ relname: string; reloptions: string[] | null }>`
      select relname, reloptions from pg_class
      where relname in ('questions_title_trigrams', 'answers_content_trigrams')
        and relnamespace = 'posts'::regnamespace
      order by relname`.execute(database.db);
    expect(rows).toEqual([
      { relname: 'answers_content_trigrams', reloptions: null },
      { relname: 'questions_title_trigrams', reloptions: ['fastupdate=off'] },
    ]);
  });
});
