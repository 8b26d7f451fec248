import { objectTypeOf } from '@agora/contracts';
import type { ImportedFollow, ImportTally } from '@agora/contracts/import/records';
import { type EventStore, type ImportRun, noneYet, skip, type Tx } from '@agora/platform';
import { questionFollowEvent } from './follow-events';
import { postsById } from './post-rows';
import { writeImported } from './write-events';

/**
 * Follows of questions, each on the stream of that member's follow of that question. Follows of tags are the tags
 * service's and are not counted here; follows of anything else are skipped.
 */
export async function importQuestionFollows(
  store: EventStore,
  tx: Tx,
  follows: ImportedFollow[],
  run: ImportRun,
): Promise<ImportTally> {
  const tally = noneYet();
  const ofQuestions = follows.filter((f) => {
    const type = objectTypeOf(f.object_id);
    if (type !== 'question' && type !== 'tag')
      skip(tally, `a follow of a ${type ?? 'thing'} (only questions and tags are followed)`);
    return type === 'question';
  });
  const posts = await postsById(
    tx,
    ofQuestions.map((f) => f.object_id),
  );
  const taken = ofQuestions.filter((f) => {
    if (posts.get(f.object_id)?.kind === 'question') return true;
    skip(tally, 'a follow of a question not imported');
    return false;
  });
  tally.imported += taken.length;
  await writeImported(store, tx, taken.map(questionFollowEvent), run);
  return tally;
}
