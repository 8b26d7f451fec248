import type { ImportedAnswer, ImportedRevision } from '@agora/contracts/import/records';
import { type ActivityFact, activityAbout, heldForReview } from './activity-lookup';
import { ActivityKey, AnswerCode } from './codes';
import type { ReadContext } from './context';
import { userJoin } from './members-ref';
import { pages } from './pages';
import { readHistories, syntheticRevisionId } from './revisions';
import { int, objectId, rawId, requiredTime, text, time } from './values';

/**
 * Who accepted an answer and when: the `answer.accepted` row's acting user (the answerer's row), else the
 * `answer.accept` row's (the asker's); without either, the asker at the answer's last update.
 */
function acceptance(context: ReadContext, facts: ActivityFact[], asker: string, fallbackAt: string) {
  const fact =
    facts.filter((f) => f.key === ActivityKey.answerAccepted).at(-1) ??
    facts.filter((f) => f.key === ActivityKey.answerAccept).at(-1);
  if (!fact) return { by: asker, at: fallbackAt };
  const by =
    context.members.optional(fact.trigger, fact.knownTrigger) ??
    (fact.key === ActivityKey.answerAccept ? context.members.required(fact.knownUser) : asker);
  return { by, at: fact.at ?? fallbackAt };
}

/**
 * Answers in id order with their applied history (docs/adr/0094-importing-a-community.md); accepted when
 * `adopted` = 2 and the question's `accepted_answer_id` names it. The newest revision shows the answer's own text.
 */
export async function* readAnswers(context: ReadContext): AsyncGenerator<ImportedAnswer> {
  const { db } = context;
  const select =
    'x.id AS page_key, x.question_id, u.id AS known_user, x.original_text, x.status, x.adopted, x.created_at, ' +
    'x.updated_at, p.accepted_answer_id, a.id AS known_asker';
  const from = `answer x ${userJoin(db, 'x.user_id', 'u')} LEFT JOIN question p ON p.id = x.question_id ${userJoin(db, 'p.user_id', 'a')}`;
  for await (const page of pages(db, { select, from, key: 'x.id' })) {
    const ids = page.map((row) => text(row.page_key));
    const [histories, timeline, held] = await Promise.all([
      readHistories(context, 'answer', ids),
      activityAbout(context, ids, [ActivityKey.answerAccepted, ActivityKey.answerAccept, ActivityKey.answerDeleted]),
      heldForReview(context, ids),
    ]);
    for (const row of page) {
      const id = text(row.page_key);
      const author = context.members.required(row.known_user);
      const created = requiredTime(row.created_at, 'answer', id);
      const updated = time(row.updated_at) ?? created;
      const status = int(row.status);
      const facts = timeline.get(id) ?? [];
      const accepted = int(row.adopted) === AnswerCode.answerAdopted && rawId(row.accepted_answer_id) === id;
      const deletedBy = facts.filter((f) => f.key === ActivityKey.answerDeleted).at(-1);
      const content = await context.uploads.rewrite(text(row.original_text));
      const history = histories.get(id) ?? [];
      const newest = history.at(-1);
      const revisions: ImportedRevision[] = newest
        ? [...history.slice(0, -1), { ...newest, content }]
        : [{ id: syntheticRevisionId(id), editor_id: author, created_at: created, summary: '', content }];
      yield {
        kind: 'answer',
        id: objectId(id, 'answer', id),
        question_id: objectId(row.question_id, 'answer', id),
        user_id: author,
        created_at: created,
        revisions,
        ...(accepted
          ? { accepted: acceptance(context, facts, context.members.required(row.known_asker), updated) }
          : {}),
        ...(status === AnswerCode.postDeleted
          ? {
              deleted: deletedBy
                ? { by: context.members.required(deletedBy.knownUser), at: deletedBy.at ?? updated }
                : { by: author, at: updated },
            }
          : {}),
        ...(status === AnswerCode.postPending || held.has(id) ? { pending: true } : {}),
      };
    }
  }
}
