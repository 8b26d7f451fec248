import type { ImportKind } from '@agora/contracts/import/records';
import type { Db, ServiceContext } from '@agora/platform';
import type { ExportItem, ExportSource } from '@agora/platform/export/export-source';
import { tableEstimate } from '@agora/platform/export/table-estimate';
import { anonymousVoteTotal, bookmarkRecords, reactionRecords, reputationRecords, voteRecords } from './vote-records';

const READERS: Partial<Record<ImportKind, [read: (db: Db) => AsyncIterable<ExportItem>, table: string]>> = {
  vote: [voteRecords, 'votes'],
  bookmark: [bookmarkRecords, 'bookmarks'],
  reaction: [reactionRecords, 'reactions'],
  reputation: [reputationRecords, 'ledger_entries'],
};

/** Votes' read models as the records an import takes (docs/adr/0094-importing-a-community.md). */
export function votesExporter(context: ServiceContext): ExportSource {
  const db = context.database.db;
  const reader = (kind: ImportKind) => {
    const found = READERS[kind];
    if (!found) throw new Error(`votes exports no ${kind} records`);
    return found;
  };
  return {
    kinds: Object.keys(READERS) as ImportKind[],
    // A vote's records are its voter's rows and, from a source that named no voters, the counts' (vote-records.ts).
    estimate: async (kind) =>
      (await tableEstimate(db, reader(kind)[1])) + (kind === 'vote' ? await anonymousVoteTotal(db) : 0),
    records: (kind) => reader(kind)[0](db),
  };
}
