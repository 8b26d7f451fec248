import type { ImportedAnswer, ImportTally } from '@agora/contracts/import/records';
import { type EventStore, type ImportRun, noneYet, skip, type Tx } from '@agora/platform';
import { type AcceptanceState, acceptanceEvents, answerEvents } from './answer-events';
import { postsById } from './post-rows';
import { writeImported } from './write-events';

/**
 * Imported answers, each its own stream from version 1 (see `answerEvents`), then the acceptances among them on
 * their questions' streams, once the answers' rows are there.
 */
export async function importAnswers(
  store: EventStore,
  tx: Tx,
  answers: ImportedAnswer[],
  run: ImportRun,
): Promise<ImportTally> {
  const tally = noneYet();
  const questionIds = answers.map((a) => a.question_id);
  const posts = await postsById(tx, questionIds);
  const taken: ImportedAnswer[] = [];
  for (const a of answers) {
    if (a.revisions.length === 0) skip(tally, 'an answer without a revision');
    else if (posts.get(a.question_id)?.kind !== 'question') skip(tally, 'an answer to a question not imported');
    else {
      taken.push(a);
      tally.imported += 1;
    }
  }
  await writeImported(store, tx, taken.flatMap(answerEvents), run);
  const accepted = taken.filter((a) => a.accepted);
  const versions = await store.currentVersions(
    accepted.map((a) => a.question_id),
    tx,
  );
  const states = new Map<string, AcceptanceState>(
    [...versions].map(([id, version]) => [
      id,
      { version, acceptedAnswerId: posts.get(id)?.accepted_answer_id ?? null },
    ]),
  );
  await writeImported(store, tx, acceptanceEvents(accepted, states), run);
  return tally;
}
