/**
 * The tag-creation saga a batch at a time (the replay of an import: docs/capacity.md §9) decides as applying each
 * event in turn would: the same tags created and recovered, with the same ids, in the same order, and the same
 * progress per question, through replays, a purge and questions naming only tags that exist.
 */
import { TagStatus } from '@agora/contracts';
import {
  EventStore,
  IdGenerator,
  type Projection,
  type ServiceContext,
  type ServiceDatabase,
  type Tx,
} from '@agora/platform';
import { appliedBothWays, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { decideOn } from '../src/commands/streams';
import { tagDecider } from '../src/domain/tag/decider';
import { tagsMigrations } from '../src/migrations';
import { tagCreationSaga } from '../src/sagas/tag-creation';
import { asked, edited, purged } from './support/question-events';

/**
 * What the saga uses of a service's context: the event store, only ever in the caller's transaction, and ids minted
 * at a fixed time, so that two contexts mint the same ones in the same order.
 */
const contextOf = () =>
  ({
    store: new EventStore(undefined as never, 'tags'),
    ids: new IdGenerator(1, () => Date.parse('2026-02-01T00:00:00Z')),
  }) as unknown as ServiceContext;

/** Tag `kept`, tag `gone` deleted since; questions decided up to a version of theirs. */
async function seed(database: ServiceDatabase) {
  const context = contextOf();
  await database.db.transaction().execute(async (tx: Tx) => {
    for (const slug of ['kept', 'gone']) {
      const content = { slug_name: slug, display_name: slug, original_text: '', parsed_text: '' };
      const create = { type: 'create' as const, tagId: `tag-${slug}`, userId: 'u0', revisionId: `r-${slug}` };
      await decideOn(context, tx, `tag-${slug}`, tagDecider, { ...create, questionId: null, content }, 'u0');
    }
    await decideOn(context, tx, 'tag-gone', tagDecider, { type: 'delete', actorId: 'm1', questionCount: 0 }, 'm1');
    await sql`insert into tag_creation_progress (question_id, version) values ('q0', 2), ('q3', 1), ('q7', 2), ('q9', 5)`.execute(
      tx,
    );
  });
}

const schema = serviceSchemas('tag_creation_bulk', tagsMigrations, seed);

/** What the saga writes, without the times of writing (each way writes at its own). */
const tables = async (database: ServiceDatabase) => ({
  progress: (await sql`select * from tag_creation_progress order by question_id`.execute(database.db)).rows,
  tags: (
    await sql`select id, slug_name, display_name, user_id, status, question_count, revision_id, version
              from tags order by slug_name`.execute(database.db)
  ).rows,
  listed: (await sql`select listed from tag_listing`.execute(database.db)).rows,
  revisions: (
    await sql`select id, tag_id, user_id, status, content from tag_revisions order by id`.execute(database.db)
  ).rows,
  events: (
    await sql`select stream_id, stream_version, type, data, metadata->>'actorId' as actor from events
              order by global_position`.execute(database.db)
  ).rows,
});

describe('the tag-creation saga a batch at a time', () => {
  it('creates and recovers the tags, and keeps the progress, as applying each event in turn', async () => {
    const q1Asked = asked('q1', 1, ['kept']);
    const events = [
      q1Asked,
      asked('q2', 1, ['kept', 'Fresh One']),
      edited('q1', 2, ['fresh-one', 'kept']),
      q1Asked,
      // Decided already: `gone` stays deleted.
      edited('q0', 2, ['gone']),
      asked('q4', 1, ['fresh-one', 'Fresh One', 'not a slug!']),
      purged('q3', 4),
      // Forgotten with its purge: decided afresh.
      asked('q3', 1, ['kept']),
      edited('q0', 3, ['gone', 'kept']),
      asked('q5', 1, ['another', 'fresh-two']),
      purged('q6', 2),
      asked('q6', 1, []),
      purged('q7', 3),
      // Purged after its last decision, then a replay naming a tag that is not there: created.
      purged('q9', 6),
      asked('q9', 1, ['reborn']),
    ];
    // Each way a saga of its own, so each mints the same ids from the start.
    const both: Projection = { ...tagCreationSaga(contextOf()), applyBatch: tagCreationSaga(contextOf()).applyBatch };
    const { oneByOne, inBatch } = await appliedBothWays(both, events, schema, 'creation');
    const expected = await tables(oneByOne);
    expect(expected.progress).toEqual([
      { question_id: 'q0', version: 3 },
      { question_id: 'q1', version: 2 },
      { question_id: 'q2', version: 1 },
      { question_id: 'q3', version: 1 },
      { question_id: 'q4', version: 1 },
      { question_id: 'q5', version: 1 },
      { question_id: 'q6', version: 1 },
      { question_id: 'q9', version: 1 },
    ]);
    expect(expected.tags).toEqual([
      expect.objectContaining({ slug_name: 'another', user_id: 'asker-q5', status: TagStatus.available }),
      expect.objectContaining({ slug_name: 'fresh-one', display_name: 'Fresh One', user_id: 'asker-q2' }),
      expect.objectContaining({ slug_name: 'fresh-two', user_id: 'asker-q5', status: TagStatus.available }),
      expect.objectContaining({ id: 'tag-gone', status: TagStatus.available }),
      expect.objectContaining({ id: 'tag-kept', status: TagStatus.available }),
      expect.objectContaining({ slug_name: 'reborn', user_id: 'asker-q9', status: TagStatus.available }),
    ]);
    expect(expected.listed).toEqual([{ listed: 6 }]);
    expect(expected.events.slice(3).map((e) => (e as { type: string }).type)).toEqual([
      'tags.tag_created',
      'tags.tag_undeleted',
      'tags.tag_created',
      'tags.tag_created',
      'tags.tag_created',
    ]);
    expect(await tables(inBatch)).toEqual(expected);
  });
});
