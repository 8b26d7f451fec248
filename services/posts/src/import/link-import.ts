import type { ImportedLink, ImportTally } from '@agora/contracts/import/records';
import { noneYet, skip, type Tx } from '@agora/platform';
import { sql } from 'kysely';

/**
 * Links between questions: posts keeps them from the texts of the questions and answers that make them (and from
 * duplicate closes) whenever those are written, so an imported link is there already when the imported text makes
 * it; one the text does not make is skipped and counted (docs/adr/0094-importing-a-community.md).
 */
export async function importLinks(tx: Tx, links: ImportedLink[]): Promise<ImportTally> {
  const tally = noneYet();
  if (links.length === 0) return tally;
  const from = links.map((l) => l.from_answer_id ?? l.from_question_id);
  const to = links.map((l) => l.to_question_id);
  const { rows } = await sql<{ n: number }>`
    select l.n from unnest(${from}::text[], ${to}::text[]) with ordinality as l(post, question, n)
    where exists (select 1 from question_links k where k.from_post_id = l.post and k.to_question_id = l.question)`.execute(
    tx,
  );
  const kept = new Set(rows.map((row) => Number(row.n)));
  links.forEach((_, i) => {
    if (kept.has(i + 1)) tally.imported += 1;
    else skip(tally, 'a link the post’s text does not make (posts keeps links from texts)');
  });
  return tally;
}
