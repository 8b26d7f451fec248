import { PostStatus } from '@agora/contracts';
import type { ImportedPendingRevision, ImportTally } from '@agora/contracts/import/records';
import { type EventStore, type ImportedEvent, type ImportRun, noneYet, skip, type Tx } from '@agora/platform';
import { pendingRevisionEvent } from './pending-revision-events';
import { knownRevisions, postsById } from './post-rows';
import { tagFiling } from './tag-names';
import { writeImported } from './write-events';

/**
 * Imported suggested edits, each on its post's stream after its last version. One already written (its revision is
 * in the read model) is left alone; one of a deleted post, or of a post that has one waiting already, is skipped, as
 * a post holds one suggestion at a time.
 */
export async function importPendingRevisions(
  store: EventStore,
  tx: Tx,
  pending: ImportedPendingRevision[],
  run: ImportRun,
): Promise<ImportTally> {
  const tally = noneYet();
  const objectIds = pending.map((p) => p.object_id);
  const [posts, known, versions, tagsOf] = [
    await postsById(tx, objectIds),
    await knownRevisions(
      tx,
      pending.map((p) => p.revision.id),
    ),
    await store.currentVersions(objectIds, tx),
    await tagFiling(
      tx,
      pending.flatMap((p) => p.revision.tags ?? []),
    ),
  ];
  const waiting = new Set<string>();
  const events: ImportedEvent[] = [];
  for (const p of pending) {
    const post = posts.get(p.object_id);
    if (!post) skip(tally, 'a suggested edit of a post not imported');
    else if (known.has(p.revision.id)) tally.imported += 1;
    else if (post.status === PostStatus.deleted) skip(tally, 'a suggested edit of a deleted post');
    else if (post.pending_revision_id || waiting.has(p.object_id))
      skip(tally, 'a second suggested edit of a post (a post holds one at a time)');
    else {
      waiting.add(p.object_id);
      const version = versions.get(p.object_id) ?? 0;
      events.push(pendingRevisionEvent(p, { kind: post.kind, questionId: post.question_id, version }, tagsOf));
      tally.imported += 1;
    }
  }
  await writeImported(store, tx, events, run);
  return tally;
}
