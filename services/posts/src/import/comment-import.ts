import type { ImportedComment, ImportTally } from '@agora/contracts/import/records';
import { type EventStore, type ImportRun, noneYet, skip, type Tx } from '@agora/platform';
import { commentEvents } from './comment-events';
import { postsById } from './post-rows';
import { writeImported } from './write-events';

/** Imported comments on imported questions and answers, each its own stream (see `commentEvents`). */
export async function importComments(
  store: EventStore,
  tx: Tx,
  comments: ImportedComment[],
  run: ImportRun,
): Promise<ImportTally> {
  const tally = noneYet();
  const posts = await postsById(
    tx,
    comments.map((c) => c.object_id),
  );
  const taken = comments.filter((c) => {
    const post = posts.get(c.object_id);
    if (!post || post.question_id !== c.question_id) {
      skip(tally, 'a comment on a post not imported');
      return false;
    }
    return true;
  });
  tally.imported += taken.length;
  await writeImported(store, tx, taken.flatMap(commentEvents), run);
  return tally;
}
