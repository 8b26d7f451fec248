import { announceKeys } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';
import { REACTIONS_TOPIC } from '../projections/reactions/read-model';

export const key = '20261210_0005_reactions';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Inline read model of the (member, post) reaction streams: one row per active reaction. A post's
    // summary reads its rows by the primary key's first column.
    await sql`
      create table reactions (
        object_id text not null,
        emoji text not null,
        user_id text not null,
        object_type text not null,
        question_id text not null,
        owner_id text not null,
        reacted_at timestamptz not null,
        primary key (object_id, emoji, user_id)
      )`.execute(db);
    // Summaries are kept per post until a change of its reactions names it (ChangeFeed.onKeyChanged).
    await announceKeys(db, REACTIONS_TOPIC, ['reactions'], 'object_id');
  },
};
