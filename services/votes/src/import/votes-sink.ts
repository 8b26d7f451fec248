import type { ImportKind, ImportRecord, ImportTally } from '@agora/contracts/import/records';
import {
  type Db,
  forgetImportedPosts,
  type ImportedEvent,
  type ImportRun,
  type ImportSink,
  noneYet,
  rememberImportedPosts,
  type ServiceContext,
  type Tx,
} from '@agora/platform';
import { sql } from 'kysely';
import { takeLedgerLock } from '../projections/ledger/post-deleted';
import { applyOwnEvents } from '../projections/own-log';
import { bookmarkEvents } from './bookmark-events';
import { postsNamed } from './imported-posts';
import { reactionEvents } from './reaction-events';
import { reputationEvents } from './reputation-events';
import { rememberTotals, settleTotals } from './reputation-totals';
import { digestOf, voteEvents } from './vote-events';

type Of<K extends ImportKind> = Extract<ImportRecord, { kind: K }>;
const ofKind = <K extends ImportKind>(records: ImportRecord[], kind: K) =>
  records.filter((r): r is Of<K> => r.kind === kind);

/** Whether votes holds acts of members besides what an install writes. */
async function holdsActs(db: Db): Promise<boolean> {
  const { rows } = await sql<{ held: boolean }>`
    select exists (select 1 from votes) or exists (select 1 from bookmarks) or exists (select 1 from reactions)
      or exists (select 1 from anonymous_vote_counts) as held`.execute(db);
  return rows[0]?.held ?? false;
}

/** The events of one batch of acts on posts, each kind as its own file makes them. */
async function actEvents(tx: Tx, records: ImportRecord[], tally: ImportTally): Promise<ImportedEvent[]> {
  const ids = records.flatMap((r) =>
    r.kind === 'vote' || r.kind === 'reaction' || r.kind === 'reputation'
      ? [r.object_id]
      : r.kind === 'bookmark'
        ? [r.question_id]
        : [],
  );
  const posts = await postsNamed(tx, ids);
  const events = voteEvents(ofKind(records, 'vote'), posts, digestOf(records), tally);
  events.push(...bookmarkEvents(ofKind(records, 'bookmark'), posts, tally));
  events.push(...(await reactionEvents(tx, ofKind(records, 'reaction'), posts, tally)));
  const history = ofKind(records, 'reputation');
  if (history.length > 0) {
    await takeLedgerLock(tx);
    events.push(...(await reputationEvents(tx, history, posts, tally)));
  }
  return events;
}

/**
 * Votes' part of an import (docs/adr/0094-importing-a-community.md): votes (with their voter, or counted on the post
 * alone), bookmarks, reactions and reputation history become votes' own events with their original times, applied to
 * the inline read models as live ones are; questions, answers and comments are remembered for the acts that name
 * them; members' reputation totals are kept and settled when the import ends.
 */
export function votesImporter(context: ServiceContext): ImportSink {
  const { store } = context;
  return {
    kinds: ['member', 'question', 'answer', 'comment', 'vote', 'bookmark', 'reaction', 'reputation'],
    holdsContent: () => holdsActs(context.database.db),
    async write(tx: Tx, records: ImportRecord[], run: ImportRun): Promise<ImportTally> {
      const tally = noneYet();
      tally.imported += await rememberImportedPosts(tx, records);
      const members = ofKind(records, 'member');
      await rememberTotals(tx, members);
      tally.imported += members.length;
      const events = await actEvents(tx, records, tally);
      const written = await store.appendImported(tx, events, run.id);
      await applyOwnEvents(tx, written);
      return tally;
    },
    async finish(tx: Tx, run: ImportRun) {
      await settleTotals(tx, store, run.id);
      await forgetImportedPosts(tx);
    },
  };
}
