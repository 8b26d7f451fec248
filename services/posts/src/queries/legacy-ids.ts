import type { LegacyIdStyle } from '@agora/contracts/import/legacy-ids';
import { resolveLegacyId } from '@agora/contracts/import/legacy-ids';
import type { Db } from '@agora/platform';
import { sql } from 'kysely';

/** The id style of the site's old links when it was imported, else null (docs/adr/0094-importing-a-community.md). */
export async function legacyIdStyle(db: Db): Promise<LegacyIdStyle | null> {
  const { rows } = await sql<{ style: LegacyIdStyle }>`select style from import_legacy_ids`.execute(db);
  return rows[0]?.style ?? null;
}

/**
 * The question or answer a Stack Exchange number names, on a site imported from one: its posts number questions
 * and answers in one sequence, so at most one of the two is there.
 */
export async function postOfNumber(db: Db, raw: string): Promise<string | undefined> {
  const question = resolveLegacyId(raw, 'question', 'stackexchange');
  const answer = resolveLegacyId(raw, 'answer', 'stackexchange');
  if (!question || !answer) return undefined;
  const { rows } = await sql<{ id: string }>`
    select id from questions where id = ${question} union all select id from answers where id = ${answer}`.execute(db);
  return rows[0]?.id;
}
