import { PostStatus } from '@agora/contracts';
import type { ImportedComment } from '@agora/contracts/import/records';
import type { Db } from '@agora/platform';
import type { ExportItem } from '@agora/platform/export/export-source';
import { isoTime, keysetPages } from '@agora/platform/export/keyset-pages';
import { sql } from 'kysely';

interface CommentRow {
  id: string;
  object_id: string;
  question_id: string;
  user_id: string;
  reply_comment_id: string | null;
  reply_user_id: string | null;
  original_text: string;
  status: number;
  vote_count: number;
  created_at: Date;
}

const PAGE = 1000;

/** Every comment as an import takes it, by id, a page at a time. */
export async function* commentRecords(db: Db): AsyncIterable<ExportItem> {
  const pages = keysetPages<CommentRow>(async (last) => {
    const { rows } = await sql<CommentRow>`
      select id, object_id, question_id, user_id, reply_comment_id, reply_user_id, original_text, status, vote_count,
             created_at
      from comments where id > ${last?.id ?? ''} order by id limit ${PAGE}`.execute(db);
    return rows;
  }, PAGE);
  for await (const page of pages) {
    for (const c of page) {
      const record: ImportedComment = {
        kind: 'comment',
        id: c.id,
        object_id: c.object_id,
        question_id: c.question_id,
        user_id: c.user_id,
        ...(c.reply_user_id ? { reply_to_user_id: c.reply_user_id } : {}),
        ...(c.reply_comment_id ? { reply_to_comment_id: c.reply_comment_id } : {}),
        content: c.original_text,
        created_at: isoTime(c.created_at),
        deleted: c.status === PostStatus.deleted,
        ...(c.status === PostStatus.pending ? { pending: true } : {}),
      };
      yield { record, facts: { score: c.vote_count } };
    }
  }
}
