import { objectTypeOf, TagStatus } from '@agora/contracts';
import type { ImportedFollow, ImportTally } from '@agora/contracts/import/records';
import { type EventStore, type ImportedEvent, type ImportRun, noneYet, skip, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { followsStream } from '../domain/follows/decider';
import { tagFollowEvent } from './follow-events';
import { writeImported } from './write-events';

/**
 * Follows of tags (follows of anything else are posts' or nobody's, and not counted here), each on its member's
 * follow stream after the stream's last version, as following does; a follow of a synonym lands on its main tag. A
 * follow the read model has already is left alone, so writing the batch again appends nothing.
 */
export async function importTagFollows(
  store: EventStore,
  tx: Tx,
  records: ImportedFollow[],
  run: ImportRun,
): Promise<ImportTally> {
  const tally = noneYet();
  const follows = records.filter((f) => objectTypeOf(f.object_id) === 'tag');
  if (follows.length === 0) return tally;
  const { rows: targets } = await sql<{ id: string; target: string; status: number }>`
    select t.id, coalesce(m.id, t.id) as target, coalesce(m.status, t.status) as status
    from tags t left join tags m on m.id = t.main_tag_id
    where t.id = any(${follows.map((f) => f.object_id)}::text[])`.execute(tx);
  const targetOf = new Map(targets.map((t) => [t.id, t]));
  const users = [...new Set(follows.map((f) => f.user_id))];
  const { rows: followed } = await sql<{ user_id: string; tag_id: string }>`
    select user_id, tag_id from tag_follows where user_id = any(${users}::text[])`.execute(tx);
  const had = new Set(followed.map((f) => `${f.user_id} ${f.tag_id}`));
  const versions = await store.currentVersions(users.map(followsStream), tx);
  const events: ImportedEvent[] = [];
  for (const f of follows) {
    const tag = targetOf.get(f.object_id);
    if (!tag) skip(tally, 'a follow of a tag not imported');
    else if (tag.status !== TagStatus.available) skip(tally, 'a follow of a deleted tag');
    else {
      tally.imported += 1;
      const key = `${f.user_id} ${tag.target}`;
      if (had.has(key)) continue;
      had.add(key);
      const stream = followsStream(f.user_id);
      const version = (versions.get(stream) ?? 0) + 1;
      versions.set(stream, version);
      events.push(tagFollowEvent({ userId: f.user_id, tagId: tag.target, at: f.created_at }, version));
    }
  }
  await writeImported(store, tx, events, run);
  return tally;
}
