import { STARTER_CONTENT } from '@agora/contracts';
import type { Db } from '@agora/platform';
import { sql } from 'kysely';

const starter = Object.values(STARTER_CONTENT);
const STARTER_TITLES = starter.flatMap((c) => c.questions.map((q) => q.title));
const STARTER_ANSWERS = starter.flatMap((c) => c.questions.map((q) => q.answer));

/**
 * Whether posts holds a question or an answer besides the starter ones an install writes (in any language): an
 * import refuses such a site unless merging (docs/adr/0094-importing-a-community.md).
 */
export async function postsHoldContent(db: Db): Promise<boolean> {
  const { rows } = await sql<{ holds: boolean }>`
    select exists (select 1 from questions where not (title = any(${STARTER_TITLES}::text[])))
        or exists (select 1 from answers where not (content = any(${STARTER_ANSWERS}::text[]))) as holds`.execute(db);
  return rows[0]?.holds ?? false;
}
