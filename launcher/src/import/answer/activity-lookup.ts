import { AnswerCode } from './codes';
import { marks, type ReadContext, typeIdsOf } from './context';
import { userJoin } from './members-ref';
import { bigList } from './pages';
import { int, rawId, text, time } from './values';

/** One timeline row about an object: who (and who else) did what, when. */
export interface ActivityFact {
  key: string;
  user: unknown;
  knownUser: unknown;
  trigger: unknown;
  knownTrigger: unknown;
  revisionId: string | undefined;
  at: string | undefined;
}

/**
 * The live (not cancelled) activity rows of these keys about a page of objects (by `object_id` or
 * `original_object_id`), oldest first, grouped by the object of the page they are about.
 */
export async function activityAbout(
  context: ReadContext,
  objectIds: string[],
  keys: string[],
): Promise<Map<string, ActivityFact[]>> {
  const found = new Map<string, ActivityFact[]>();
  const types = typeIdsOf(context, ...keys);
  if (objectIds.length === 0 || types.length === 0) return found;
  const { db } = context;
  const list = bigList(db, objectIds.length);
  const rows = await db.query(
    'SELECT a.object_id, a.original_object_id, a.activity_type, a.user_id, a.trigger_user_id, a.revision_id, ' +
      'a.created_at, u.id AS known_user, t.id AS known_trigger FROM activity a ' +
      `${userJoin(db, 'a.user_id', 'u')} ${userJoin(db, 'a.trigger_user_id', 't')} ` +
      `WHERE (a.object_id IN (${list}) OR a.original_object_id IN (${list})) AND a.activity_type IN (${marks(types.length)}) ` +
      'AND a.cancelled = ? ORDER BY a.id',
    [...objectIds, ...objectIds, ...types, 0],
  );
  const wanted = new Set(objectIds);
  for (const row of rows) {
    const object = [rawId(row.object_id), rawId(row.original_object_id)].find((id) => id && wanted.has(id));
    if (!object) continue;
    const facts = found.get(object) ?? [];
    facts.push({
      key: context.typeKeys.get(int(row.activity_type)) ?? '',
      user: row.user_id,
      knownUser: row.known_user,
      trigger: row.trigger_user_id,
      knownTrigger: row.known_trigger,
      revisionId: rawId(row.revision_id),
      at: time(row.created_at),
    });
    found.set(object, facts);
  }
  return found;
}

/** The objects of a page that a reviewer plugin holds for review (`review` rows waiting, from Answer v1.3). */
export async function heldForReview(context: ReadContext, objectIds: string[]): Promise<Set<string>> {
  if (!context.tables.has('review') || objectIds.length === 0) return new Set();
  const rows = await context.db.query(
    `SELECT object_id FROM review WHERE object_id IN (${bigList(context.db, objectIds.length)}) AND status = ?`,
    [...objectIds, AnswerCode.reviewWaiting],
  );
  return new Set(rows.map((row) => text(row.object_id)));
}
