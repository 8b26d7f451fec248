import {
  applyInRuns,
  type BulkApply,
  type InlineWrites,
  type PendingEvent,
  type StoredEvent,
  type Tx,
} from '@agora/platform';
import { sql } from 'kysely';
import { answerAppliers } from './answers';
import { byType } from './appliers';
import { FOLDED_TYPES, foldsExactly } from './bulk-fold';
import { applyFoldedRun } from './bulk-writes';
import { commentAppliers } from './comments';
import { questionFollowAppliers } from './question-follows';
import { type Asked, questionAskedWrites } from './question-rows';
import { questionAppliers } from './questions';
import { viewAppliers } from './views';

/** Every posts event type and what it changes in the posts read models, one aggregate per file. */
const APPLIERS = new Map([
  ...byType(questionAppliers),
  ...byType(answerAppliers),
  ...byType(commentAppliers),
  ...byType(viewAppliers),
  ...byType(questionFollowAppliers),
]);

/**
 * The posts read models written by the statement that appends a new post's events, when they have that
 * form (a question asked); `inline` reads back the new question's row as JSON (see `questionRowOf`).
 */
export function postsWritesInStatement(events: PendingEvent[]): InlineWrites | null {
  const [event] = events;
  if (events.length !== 1 || event?.type !== 'posts.question_asked') return null;
  return {
    ctes: questionAskedWrites(event.id, event.data as Asked, sql`now()`),
    returning: sql`(select to_jsonb(asked) from asked)`,
  };
}

/** Applies a posts event to the read models, in the transaction of the command that caused it. */
export async function applyPostsEvent(tx: Tx, stored: StoredEvent): Promise<void> {
  await APPLIERS.get(stored.type)?.(tx, stored);
}

/** Runs of the folded types in a few statements each; an event that does not fold exactly splits its run. */
const postsInBulk: BulkApply = {
  types: FOLDED_TYPES,
  async apply(events, tx) {
    let run: StoredEvent[] = [];
    for (const event of events) {
      if (foldsExactly(event)) {
        run.push(event);
        continue;
      }
      await applyFoldedRun(tx, run);
      run = [];
      await applyPostsEvent(tx, event);
    }
    await applyFoldedRun(tx, run);
  },
};

/**
 * Applies posts events (in log order) to the read models as `applyPostsEvent` would one at a time, the runs of an
 * import's kinds (asks, edits, answers, acceptances, comments, view counts) a few statements per run
 * (docs/capacity.md §9).
 */
export async function applyPostsEvents(tx: Tx, events: StoredEvent[]): Promise<void> {
  await applyInRuns(events, tx, postsInBulk, (event, t) => applyPostsEvent(t, event));
}

export async function resetPostsReadModel(tx: Tx): Promise<void> {
  await sql`truncate questions, question_tags, known_tags, answers, comments, revisions, activity, question_follows, question_links`.execute(
    tx,
  );
}

/** The posts read model as one unit, for a rebuild from the service's own log. */
export const postsReadModel = {
  reset: resetPostsReadModel,
  apply: applyPostsEvent,
  applyBatch: applyPostsEvents,
};
