import { watchTopicTables } from '@agora/platform';
import type { Kysely, Migration } from 'kysely';
import { POST_FACTS_TOPIC } from '../projections/post-facts/projection';

export const key = '20261202_0004_post_facts_topic';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Votes look up their target on every vote: the lookups are kept until posts' facts change.
    await watchTopicTables(db, POST_FACTS_TOPIC, ['questions', 'answers', 'comments']);
  },
};
