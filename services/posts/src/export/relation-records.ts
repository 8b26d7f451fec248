import { type Db, RevisionStatusSql } from '@agora/platform';
import type { ExportItem } from '@agora/platform/export/export-source';
import { isoTime, keysetPages } from '@agora/platform/export/keyset-pages';
import { sql } from 'kysely';
import { importedRevision, type RevisionRow } from './post-rows';

const PAGE = 1000;

/**
 * Links one post's text makes to another question (`#<id>` or a question's URL), once per pair whatever site the
 * link named; a duplicate's link comes back with its question's closure.
 */
export async function* linkRecords(db: Db): AsyncIterable<ExportItem> {
  type Row = { from_post_id: string; from_question_id: string; to_question_id: string; created_at: Date };
  const pages = keysetPages<Row>(async (last) => {
    const after = last
      ? sql`and (l.from_post_id, l.to_question_id) > (${last.from_post_id}, ${last.to_question_id})`
      : sql``;
    const { rows } = await sql<Row>`
      select distinct on (l.from_post_id, l.to_question_id) l.from_post_id, l.from_question_id, l.to_question_id,
             coalesce(a.created_at, q.created_at, now()) as created_at
      from question_links l
      left join answers a on a.id = l.from_post_id
      left join questions q on q.id = l.from_post_id
      where l.via = 'body' ${after}
      order by l.from_post_id, l.to_question_id limit ${PAGE}`.execute(db);
    return rows;
  }, PAGE);
  for await (const page of pages) {
    for (const l of page) {
      yield {
        record: {
          kind: 'link',
          from_question_id: l.from_question_id,
          ...(l.from_post_id !== l.from_question_id ? { from_answer_id: l.from_post_id } : {}),
          to_question_id: l.to_question_id,
          created_at: isoTime(l.created_at),
        },
      };
    }
  }
}

/** Who follows which question. */
export async function* questionFollowRecords(db: Db): AsyncIterable<ExportItem> {
  type Row = { question_id: string; user_id: string; created_at: Date };
  const pages = keysetPages<Row>(async (last) => {
    const after = last ? sql`where (question_id, user_id) > (${last.question_id}, ${last.user_id})` : sql``;
    const { rows } = await sql<Row>`
      select question_id, user_id, created_at from question_follows ${after}
      order by question_id, user_id limit ${PAGE}`.execute(db);
    return rows;
  }, PAGE);
  for await (const page of pages) {
    for (const f of page) {
      yield {
        record: { kind: 'follow', user_id: f.user_id, object_id: f.question_id, created_at: isoTime(f.created_at) },
      };
    }
  }
}

/** Suggested edits still waiting for review. */
export async function* pendingRevisionRecords(db: Db): AsyncIterable<ExportItem> {
  type Row = RevisionRow & { object_type: string };
  const pages = keysetPages<Row>(async (last) => {
    const { rows } = await sql<Row>`
      select id, object_id, object_type, user_id, content, log, created_at from revisions
      where status = ${RevisionStatusSql.pending} and id > ${last?.id ?? ''} order by id limit ${PAGE}`.execute(db);
    return rows;
  }, PAGE);
  for await (const page of pages) {
    for (const r of page) {
      yield {
        record: {
          kind: 'pending_revision',
          object_id: r.object_id,
          revision: importedRevision(r, r.object_type === 'question'),
        },
      };
    }
  }
}
