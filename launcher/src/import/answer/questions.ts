import type { ImportedQuestion, ImportedRevision } from '@agora/contracts/import/records';
import { activityAbout, heldForReview } from './activity-lookup';
import { ActivityKey, AnswerCode, MetaKey } from './codes';
import { column, q, type ReadContext } from './context';
import type { Row } from './database';
import { userJoin } from './members-ref';
import { bigList, pages } from './pages';
import { readHistories, syntheticRevisionId } from './revisions';
import { int, isRecord, json, objectId, rawId, requiredTime, text, time } from './values';

/** The live tags of a page of questions (tag_rel active or hidden), in tag_rel order; a synonym as its main tag. */
async function currentTags(context: ReadContext, ids: string[]): Promise<Map<string, string[]>> {
  const { db } = context;
  const rows = await db.query(
    'SELECT r.object_id, t.slug_name, t.main_tag_id, m.slug_name AS main_slug FROM tag_rel r ' +
      'JOIN tag t ON t.id = r.tag_id LEFT JOIN tag m ON m.id = t.main_tag_id ' +
      `WHERE r.object_id IN (${bigList(db, ids.length)}) AND (r.status = ? OR r.status = ?) ORDER BY r.id`,
    [...ids, AnswerCode.tagRelLive, AnswerCode.tagRelHidden],
  );
  const tags = new Map<string, string[]>();
  for (const row of rows) {
    const slug = rawId(row.main_tag_id) && text(row.main_slug) ? text(row.main_slug) : text(row.slug_name);
    const list = tags.get(text(row.object_id)) ?? [];
    if (!list.includes(slug)) list.push(slug);
    tags.set(text(row.object_id), list);
  }
  return tags;
}

/** The close reasons of a page of questions (meta `question.close.reason`: `{close_type, close_msg}`). */
async function closeReasons(context: ReadContext, ids: string[]) {
  const { db } = context;
  const rows = await db.query(
    `SELECT object_id, value FROM meta WHERE object_id IN (${bigList(db, ids.length)}) AND ${q(context, 'key')} = ? ORDER BY id`,
    [...ids, MetaKey.closeReason],
  );
  const reasons = new Map<string, { close_type: number; close_msg: string }>();
  for (const row of rows) {
    const value = json(row.value);
    if (isRecord(value))
      reasons.set(text(row.object_id), { close_type: int(value.close_type), close_msg: text(value.close_msg) });
  }
  return reasons;
}

/**
 * Questions in id order with their whole applied history (docs/adr/0094-importing-a-community.md). The newest
 * revision shows what the question's own columns hold now (a pending suggestion may be newer than it, and a tag
 * merge moves tags without a revision); a deleted question keeps the tags of its newest revision.
 */
export async function* readQuestions(context: ReadContext): AsyncGenerator<ImportedQuestion> {
  const { db } = context;
  const select = [
    'x.id AS page_key',
    'x.user_id',
    'u.id AS known_user',
    'x.title',
    'x.original_text',
    'x.status',
    `${column(context, 'question', 'x', 'pin', '1')} AS pin`,
    `${column(context, 'question', 'x', 'show', '1')} AS shown`,
    'x.view_count',
    'x.created_at',
    'x.updated_at',
  ].join(', ');
  for await (const page of pages(db, { select, from: `question x ${userJoin(db, 'x.user_id', 'u')}`, key: 'x.id' })) {
    const ids = page.map((row) => text(row.page_key));
    const [histories, tags, reasons, timeline, held] = await Promise.all([
      readHistories(context, 'question', ids),
      currentTags(context, ids),
      closeReasons(context, ids),
      activityAbout(context, ids, [ActivityKey.questionClosed, ActivityKey.questionDeleted]),
      heldForReview(context, ids),
    ]);
    for (const row of page) {
      const id = text(row.page_key);
      const author = context.members.required(row.known_user);
      const status = int(row.status);
      const facts = timeline.get(id) ?? [];
      const last = (key: string) => facts.filter((fact) => fact.key === key).at(-1);
      const when = (key: string) => {
        const fact = last(key);
        return {
          by: fact ? context.members.required(fact.knownUser) : author,
          at: fact?.at ?? time(row.updated_at) ?? requiredTime(row.created_at, 'question', id),
        };
      };
      const reason = reasons.get(id);
      yield {
        kind: 'question',
        id: objectId(id, 'question', id),
        user_id: author,
        created_at: requiredTime(row.created_at, 'question', id),
        revisions: await currentHistory(
          context,
          row,
          histories.get(id) ?? [],
          status === AnswerCode.postDeleted ? undefined : (tags.get(id) ?? []),
        ),
        ...(status === AnswerCode.postClosed
          ? {
              closed: {
                ...when(ActivityKey.questionClosed),
                close_type: reason?.close_type ?? 0,
                close_msg: reason?.close_msg ?? '',
              },
            }
          : {}),
        ...(status === AnswerCode.postDeleted ? { deleted: when(ActivityKey.questionDeleted) } : {}),
        pinned: int(row.pin) === AnswerCode.pinOn,
        hidden: int(row.shown) === AnswerCode.showOff,
        view_count: int(row.view_count),
        ...(status === AnswerCode.postPending || held.has(id) ? { pending: true } : {}),
      };
    }
  }
}

/** The history, its newest revision made to show the question's own columns (and live tags, unless deleted). */
async function currentHistory(
  context: ReadContext,
  row: Row,
  history: ImportedRevision[],
  liveTags: string[] | undefined,
): Promise<ImportedRevision[]> {
  const id = text(row.page_key);
  const title = text(row.title);
  const content = await context.uploads.rewrite(text(row.original_text));
  const newest = history.at(-1);
  if (!newest) {
    return [
      {
        id: syntheticRevisionId(id),
        editor_id: context.members.required(row.known_user),
        created_at: requiredTime(row.created_at, 'question', id),
        summary: '',
        title,
        content,
        tags: liveTags ?? [],
      },
    ];
  }
  return [...history.slice(0, -1), { ...newest, title, content, tags: liveTags ?? newest.tags ?? [] }];
}
