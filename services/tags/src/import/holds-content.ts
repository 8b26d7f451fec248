import { STARTER_CONTENT } from '@agora/contracts';
import type { Db } from '@agora/platform';
import { sql } from 'kysely';

const STARTER_TAGS = Object.values(STARTER_CONTENT).map((c) => c.tag.slug_name);

/** Whether tags holds a tag besides the starter tag an install writes: an import refuses such a site unless merging. */
export async function tagsHoldContent(db: Db): Promise<boolean> {
  const { rows } = await sql<{ holds: boolean }>`
    select exists (select 1 from tags where not (slug_name = any(${STARTER_TAGS}::text[]))) as holds`.execute(db);
  return rows[0]?.holds ?? false;
}
