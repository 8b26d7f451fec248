import type { ImportedQuestion, ImportTally } from '@agora/contracts/import/records';
import { type EventStore, type ImportedEvent, type ImportRun, noneYet, note, skip, type Tx } from '@agora/platform';
import { questionEvents } from './question-events';
import { tagFiling } from './tag-names';
import { writeImported } from './write-events';

/** Imported questions, each its own stream from version 1 (see `questionEvents`). */
export async function importQuestions(
  store: EventStore,
  tx: Tx,
  questions: ImportedQuestion[],
  run: ImportRun,
): Promise<ImportTally> {
  const tally = noneYet();
  const tagsOf = await tagFiling(
    tx,
    questions.flatMap((q) => q.revisions.flatMap((r) => r.tags ?? [])),
  );
  const events: ImportedEvent[] = [];
  for (const q of questions) {
    if (q.revisions.length === 0) {
      skip(tally, 'a question without a revision');
      continue;
    }
    const made = questionEvents(q, tagsOf);
    if (made.notes.pinDropped)
      note(tally, 'pinned and hidden: kept hidden, not pinned (a hidden question is never pinned)');
    events.push(...made.events);
    tally.imported += 1;
  }
  await writeImported(store, tx, events, run);
  return tally;
}
