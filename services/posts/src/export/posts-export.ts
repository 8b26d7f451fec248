import { ObjectType } from '@agora/contracts';
import type { ImportKind } from '@agora/contracts/import/records';
import type { Db, ServiceContext } from '@agora/platform';
import type { ExportItem, ExportSource } from '@agora/platform/export/export-source';
import { importedIdRange, sequenceOf } from '@agora/platform/export/keyset-pages';
import { tableEstimate } from '@agora/platform/export/table-estimate';
import { sql } from 'kysely';
import { answerRecords } from './answer-records';
import { commentRecords } from './comment-records';
import { questionRecords } from './question-records';
import { linkRecords, pendingRevisionRecords, questionFollowRecords } from './relation-records';

const READERS: Partial<Record<ImportKind, (db: Db) => AsyncIterable<ExportItem>>> = {
  question: questionRecords,
  answer: answerRecords,
  comment: commentRecords,
  pending_revision: pendingRevisionRecords,
  link: linkRecords,
  follow: questionFollowRecords,
};

const COUNTED: Partial<Record<ImportKind, string>> = {
  question: 'questions',
  answer: 'answers',
  comment: 'comments',
  pending_revision: 'revisions',
  link: 'question_links',
  follow: 'question_follows',
};

/** Posts' read models as the records an import takes (docs/adr/0094-importing-a-community.md). */
export function postsExporter(context: ServiceContext): ExportSource {
  const db = context.database.db;
  return {
    kinds: Object.keys(READERS) as ImportKind[],
    estimate: async (kind) => {
      const table = COUNTED[kind];
      return table ? tableEstimate(db, table) : 0;
    },
    records(kind) {
      const read = READERS[kind];
      if (!read) throw new Error(`posts exports no ${kind} records`);
      return read(db);
    },
    async highestNumbers() {
      const highest = async (table: string, type: 'question' | 'answer' | 'comment') => {
        const { low, high } = importedIdRange(ObjectType[type]);
        const { rows } = await sql<{ id: string | null }>`
          select max(id) as id from ${sql.table(table)} where id > ${low} and id < ${high}`.execute(db);
        return sequenceOf(rows[0]?.id);
      };
      return {
        question: await highest('questions', 'question'),
        answer: await highest('answers', 'answer'),
        comment: await highest('comments', 'comment'),
      };
    },
  };
}
