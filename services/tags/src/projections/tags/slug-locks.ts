import type { Tx } from '@agora/platform';
import { sql } from 'kysely';

/**
 * Serialises the writers of one slug's question count: the question projection counting links and a
 * command creating (or renaming to) that slug. Without it, a tag created while a question with its slug
 * is being counted could miss that question. Locks are taken in sorted order, so writers never deadlock.
 */
export async function lockSlugs(tx: Tx, slugs: Iterable<string>): Promise<void> {
  for (const slug of [...new Set(slugs)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`tags:slug:${slug}`}, 0))`.execute(tx);
  }
}

/** The questions currently counted under a slug. */
export function linkedQuestions(slug: string) {
  return sql<number>`(select count(*)::int from question_tag_links l where l.slug_name = ${slug})`;
}
