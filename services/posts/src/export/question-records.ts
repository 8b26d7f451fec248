import { Pin, PostStatus, Show } from '@agora/contracts';
import type { ImportedQuestion } from '@agora/contracts/import/records';
import type { Db } from '@agora/platform';
import type { ExportItem } from '@agora/platform/export/export-source';
import { isoTime, keysetPages } from '@agora/platform/export/keyset-pages';
import { sql } from 'kysely';
import { appliedRevisions, commentCounts, importedRevision, latestActs } from './post-rows';

interface QuestionRow {
  id: string;
  user_id: string;
  title: string;
  content: string;
  tags: { slug_name: string }[];
  status: number;
  pin: number;
  show: number;
  close_type: number | null;
  close_msg: string;
  vote_count: number;
  answer_count: number;
  view_count: number;
  collection_count: number;
  revision_id: string;
  post_update_time: Date;
  created_at: Date;
}

const PAGE = 500;

/**
 * Every question as an import takes it (docs/adr/0094-importing-a-community.md), by id, a page at a time: its
 * applied revisions oldest first, who closed or deleted it and when (its timeline), and what the dump shows beside it.
 */
export async function* questionRecords(db: Db): AsyncIterable<ExportItem> {
  const pages = keysetPages<QuestionRow>(async (last) => {
    const { rows } = await sql<QuestionRow>`
      select id, user_id, title, content, tags, status, pin, show, close_type, close_msg, vote_count, answer_count,
             view_count, collection_count, revision_id, post_update_time, created_at
      from questions where id > ${last?.id ?? ''} order by id limit ${PAGE}`.execute(db);
    return rows;
  }, PAGE);
  for await (const page of pages) {
    const ids = page.map((q) => q.id);
    const [revisions, closes, deletes, comments] = await Promise.all([
      appliedRevisions(db, ids),
      latestActs(db, ids, 'closed'),
      latestActs(db, ids, 'deleted'),
      commentCounts(db, ids),
    ]);
    for (const q of page) {
      yield {
        record: questionRecord(q, revisions.get(q.id) ?? [], closes.get(q.id), deletes.get(q.id)),
        facts: {
          score: q.vote_count,
          answerCount: q.answer_count,
          commentCount: comments.get(q.id) ?? 0,
          favoriteCount: q.collection_count,
          lastActivityAt: isoTime(q.post_update_time),
        },
      };
    }
  }
}

type Act = { user_id: string; created_at: Date } | undefined;

function questionRecord(
  q: QuestionRow,
  revisions: Parameters<typeof importedRevision>[0][],
  closed: Act,
  deleted: Act,
): ImportedQuestion {
  const history = revisions.map((r) => importedRevision(r, true));
  // A question always has its ask's revision; should the row be all there is, it stands for it.
  if (history.length === 0) {
    history.push({
      id: q.revision_id,
      editor_id: q.user_id,
      created_at: isoTime(q.created_at),
      summary: '',
      title: q.title,
      content: q.content,
      tags: q.tags.map((t) => t.slug_name),
    });
  }
  return {
    kind: 'question',
    id: q.id,
    user_id: q.user_id,
    created_at: isoTime(q.created_at),
    revisions: history,
    // A closure stays when the question is deleted after it (a reopening clears close_type).
    ...(q.close_type !== null && (q.status === PostStatus.closed || q.status === PostStatus.deleted)
      ? {
          closed: {
            by: closed?.user_id ?? q.user_id,
            at: isoTime(closed?.created_at ?? q.post_update_time),
            close_type: q.close_type,
            close_msg: q.close_msg,
          },
        }
      : {}),
    ...(q.status === PostStatus.deleted
      ? { deleted: { by: deleted?.user_id ?? q.user_id, at: isoTime(deleted?.created_at ?? q.post_update_time) } }
      : {}),
    pinned: q.pin === Pin.pinned,
    hidden: q.show === Show.hidden,
    view_count: q.view_count,
    ...(q.status === PostStatus.pending ? { pending: true } : {}),
  };
}
