import type { Tx } from '@agora/platform';
import { sql } from 'kysely';

/**
 * Serialises the writers that touch many `tags` rows, or count questions for a slug, with each other
 * and with tag creations. Exclusive for the question-counts projection and the tag-creation saga (whole
 * batches of events, rows in event order), replacing a follow list and setting synonyms; shared for
 * creating or renaming one tag (which counts the questions already filed under its slug), so creations
 * run side by side but never beside a batch that files questions. Always taken before any row lock of
 * the transaction, and never upgraded, so these writers never wait on each other in a cycle. Writers of
 * one existing row (an edit, a single follow) need no part in it.
 */
export async function lockTagRows(tx: Tx, mode: 'exclusive' | 'shared' = 'exclusive'): Promise<void> {
  const lock = mode === 'shared' ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
  await sql`select ${lock}(hashtextextended(${TAG_ROWS_LOCK}, 0))`.execute(tx);
}

export const TAG_ROWS_LOCK = 'tags:rows';

/** The questions currently counted under a slug. */
export function linkedQuestions(slug: string) {
  return sql<number>`(select count(*)::int from question_tag_links l where l.slug_name = ${slug})`;
}
