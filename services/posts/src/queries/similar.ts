import { sql } from 'kysely';
import { questionPage } from './questions';
import type { PostsReads } from './reads';

/** Up to 6 questions sharing a question's first tag, most viewed of the last 90 days. */
export async function similarByFirstTag(reads: PostsReads, questionId: string) {
  const { rows } = await sql<{ tags: { slug_name: string }[] }>`
    select tags from questions where id = ${questionId}`.execute(reads.db);
  const first = rows[0]?.tags[0]?.slug_name;
  if (!first) return { count: 0, list: [] };
  const page = await questionPage(
    reads.db,
    { order: 'hot', page: 1, page_size: 7, tag: first },
    await reads.settings(),
    reads.listCounts,
  );
  const list = page.list.filter((q) => q.id !== questionId).slice(0, 6);
  return { count: list.length, list };
}
