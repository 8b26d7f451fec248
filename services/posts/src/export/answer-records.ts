import { PostStatus } from '@agora/contracts';
import type { ImportedAnswer } from '@agora/contracts/import/records';
import type { Db } from '@agora/platform';
import type { ExportItem } from '@agora/platform/export/export-source';
import { isoTime, keysetPages } from '@agora/platform/export/keyset-pages';
import { sql } from 'kysely';
import { appliedRevisions, commentCounts, importedRevision, latestActs } from './post-rows';

interface AnswerRow {
  id: string;
  question_id: string;
  user_id: string;
  content: string;
  status: number;
  accepted: boolean;
  vote_count: number;
  revision_id: string;
  created_at: Date;
  updated_at: Date;
  asker_id: string;
}

const PAGE = 500;

/** Every answer as an import takes it, by id, a page at a time: its revisions, its acceptance and deletion. */
export async function* answerRecords(db: Db): AsyncIterable<ExportItem> {
  const pages = keysetPages<AnswerRow>(async (last) => {
    const { rows } = await sql<AnswerRow>`
      select a.id, a.question_id, a.user_id, a.content, a.status, a.accepted, a.vote_count, a.revision_id,
             a.created_at, a.updated_at, coalesce(q.user_id, '') as asker_id
      from answers a left join questions q on q.id = a.question_id
      where a.id > ${last?.id ?? ''} order by a.id limit ${PAGE}`.execute(db);
    return rows;
  }, PAGE);
  for await (const page of pages) {
    const ids = page.map((a) => a.id);
    const [revisions, accepts, deletes, comments] = await Promise.all([
      appliedRevisions(db, ids),
      latestActs(db, ids, 'accept'),
      latestActs(db, ids, 'deleted'),
      commentCounts(db, ids),
    ]);
    for (const a of page) {
      const history = (revisions.get(a.id) ?? []).map((r) => importedRevision(r, false));
      if (history.length === 0) {
        history.push({
          id: a.revision_id,
          editor_id: a.user_id,
          created_at: isoTime(a.created_at),
          summary: '',
          content: a.content,
        });
      }
      const accepted = accepts.get(a.id);
      const deleted = deletes.get(a.id);
      const record: ImportedAnswer = {
        kind: 'answer',
        id: a.id,
        question_id: a.question_id,
        user_id: a.user_id,
        created_at: isoTime(a.created_at),
        revisions: history,
        ...(a.accepted
          ? { accepted: { by: accepted?.user_id ?? a.asker_id, at: isoTime(accepted?.created_at ?? a.updated_at) } }
          : {}),
        ...(a.status === PostStatus.deleted
          ? { deleted: { by: deleted?.user_id ?? a.user_id, at: isoTime(deleted?.created_at ?? a.updated_at) } }
          : {}),
        ...(a.status === PostStatus.pending ? { pending: true } : {}),
      };
      yield {
        record,
        facts: {
          score: a.vote_count,
          commentCount: comments.get(a.id) ?? 0,
          lastActivityAt: isoTime(history.at(-1)?.created_at ?? a.created_at),
        },
      };
    }
  }
}
