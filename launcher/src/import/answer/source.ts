import type { ImportKind, ImportRecord } from '@agora/contracts/import/records';
import type { ImportSource } from '../source';
import { ImportInputError } from '../source';
import { readFollows, readReputation, readVotes } from './activity-records';
import { readAnswers } from './answers';
import { readBadgeAwards } from './badges';
import { readBookmarks } from './bookmarks';
import { ActivityKey } from './codes';
import { readComments } from './comments';
import { connectAnswerDatabase } from './connect';
import { type ReadContext, readActivityTypes, typeIdsOf } from './context';
import type { AnswerDatabase } from './database';
import { estimateKind } from './estimates';
import { readFiles } from './files';
import { readFlags } from './flags';
import { readLinks } from './links';
import { readMembers } from './members';
import { loadMembers } from './members-ref';
import { readPendingRevisions } from './pending-revisions';
import { readQuestions } from './questions';
import { readReactions } from './reactions';
import { readSettings, readSiteUrl } from './settings';
import { readTags } from './tags';
import { UploadLinks } from './uploads';
import { checkVersion, releaseOf } from './versions';

export interface AnswerSourceOptions {
  /** `postgres://…`, `mysql://…` or `sqlite:<path>`. */
  from: string;
  /** Answer's upload directory (`upload_path`), when its files come along. */
  uploads?: string;
}

const READERS: Record<ImportKind, (context: ReadContext) => AsyncIterable<ImportRecord>> = {
  settings: readSettings,
  member: readMembers,
  file: readFiles,
  tag: readTags,
  question: readQuestions,
  answer: readAnswers,
  comment: readComments,
  pending_revision: readPendingRevisions,
  link: readLinks,
  vote: readVotes,
  bookmark: readBookmarks,
  follow: readFollows,
  reaction: readReactions,
  reputation: readReputation,
  badge_award: readBadgeAwards,
  flag: readFlags,
};

/** The timeline rows whose users the records name (editors, who closed, deleted or accepted). */
const WHO_KEYS = [
  ActivityKey.questionEdited,
  ActivityKey.answerEdited,
  ActivityKey.questionClosed,
  ActivityKey.questionDeleted,
  ActivityKey.answerDeleted,
  ActivityKey.answerAccept,
  ActivityKey.answerAccepted,
];

/** Columns that came in later releases, read only where the source has them. */
const LATE_COLUMNS: Record<string, string[]> = {
  user: ['suspended_until', 'last_login_date'],
  question: ['pin', 'show'],
};

/**
 * An Apache Answer installation's database as an import source (docs/adr/0094-importing-a-community.md): PostgreSQL,
 * MySQL/MariaDB or SQLite, v1.0.0 to v2.0.2, read kind by kind in keyset pages.
 */
export function createAnswerSource(options: AnswerSourceOptions): ImportSource {
  let db: AnswerDatabase | undefined;
  let context: ReadContext | undefined;
  let description = `Apache Answer at ${options.from.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@')}`;
  const opened = () => {
    if (!context) throw new Error('the Answer source is not open');
    return context;
  };
  return {
    legacyIds: 'answer',
    get description() {
      return description;
    },
    async open() {
      db = await connectAnswerDatabase(options.from);
      try {
        const { version, tables } = await checkVersion(db);
        const { typeIds, typeKeys } = await readActivityTypes(db);
        const columns = new Map<string, Set<string>>();
        for (const table of Object.keys(LATE_COLUMNS)) columns.set(table, await db.columns(table));
        const partial = { db, tables, typeIds, typeKeys, columns };
        const members = await loadMembers(db, tables, typeIdsOf(partial as ReadContext, ...WHO_KEYS));
        const uploads = new UploadLinks(await readSiteUrl({ db }), options.uploads);
        context = { ...partial, members, uploads };
        description = `Apache Answer ${releaseOf(version)} at ${db.where}`;
      } catch (error) {
        await db.close().catch(() => {});
        db = undefined;
        throw error;
      }
    },
    estimate: (kind) => estimateKind(opened(), kind),
    records(kind) {
      const reader = READERS[kind];
      if (!reader) throw new ImportInputError('--kind', null, `no such kind: ${kind}`);
      return reader(opened());
    },
    async close() {
      await db?.close();
      db = undefined;
      context = undefined;
    },
  };
}
