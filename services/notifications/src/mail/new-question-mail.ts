import { Limits } from '@agora/contracts';
import { excerpt, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { MAILABLE } from '../inbox/eligibility';
import { questionLink } from './links';
import { actorName, deliverNotice, type NoticeMailer, type Recipient, siteOf, withinWindow } from './notice-queue';

/** At most 50 mails a week about all new questions (followed tags are not capped). */
export const NEW_QUESTION_WEEKLY_CAP = Limits.email.newQuestionDigestPerWeek;
const WEEK = '7 days';

export interface NewQuestion {
  questionId: string;
  askerId: string;
  title: string;
  urlTitle: string;
  content: string;
  tags: string[];
}

interface Candidate extends Recipient {
  followed: string[];
  all_new_question: boolean;
  followed_tags: boolean;
  recent: number;
}

/**
 * A new question mails those who asked for it: followers of one of its tags (`followed_tags`, uncapped,
 * taking precedence), then subscribers of every new question while under the weekly cap. Never the asker.
 * Each notice is recorded, and the cap counts the notices of the 7 days before the question.
 */
export async function queueNewQuestionMails(
  tx: Tx,
  mailer: NoticeMailer,
  event: Pick<StoredEvent, 'id' | 'occurredAt' | 'metadata'>,
  question: NewQuestion,
): Promise<void> {
  if (!withinWindow(mailer, event)) return;
  const { rows: tags } = await sql<{ tag_id: string }>`
    select distinct coalesce(main_tag_id, tag_id) as tag_id from tag_names where slug_name = any(${question.tags})`.execute(
    tx,
  );
  const tagIds = tags.map((t) => t.tag_id);
  const { rows } = await sql<Candidate>`
    select a.user_id, a.email, a.language, a.display_name, s.inbox, s.digest, s.all_new_question, s.followed_tags,
      array(select t.slug_name from tag_follows f join tag_names t on t.tag_id = f.tag_id
            where f.user_id = a.user_id and f.tag_id = any(${tagIds}) order by t.slug_name) as followed,
      (select count(*)::int from new_question_notices n
       where n.user_id = a.user_id and n.via = 'all' and n.question_id <> ${question.questionId}
         and n.at > ${event.occurredAt}::timestamptz - ${WEEK}::interval
         and n.at <= ${event.occurredAt}::timestamptz) as recent
    from notification_settings s join actors a on a.user_id = s.user_id
    where (s.all_new_question or s.followed_tags) and a.user_id <> ${question.askerId} and ${MAILABLE}
    order by a.user_id`.execute(tx);
  if (rows.length === 0) return;

  const asker = await actorName(tx, question.askerId);
  const link = questionLink((await siteOf(tx, mailer.config)).siteUrl, question);
  const words = excerpt(question.content, 200);
  for (const candidate of rows) {
    const byTags = candidate.followed_tags && candidate.followed.length > 0;
    const byAll = candidate.all_new_question && candidate.recent < NEW_QUESTION_WEEKLY_CAP;
    if (!byTags && !byAll) continue;
    const via = byTags ? 'tags' : 'all';
    await sql`
      insert into new_question_notices (user_id, question_id, via, at)
      values (${candidate.user_id}, ${question.questionId}, ${via}, ${event.occurredAt}::timestamptz)
      on conflict (user_id, question_id) do nothing`.execute(tx);
    await deliverNotice(tx, mailer, {
      dedupeKey: `${event.id}:${candidate.user_id}:new_question`,
      occurredAt: event.occurredAt,
      recipient: candidate,
      sources: byTags ? ['followed_tags'] : ['all_new_question'],
      item: {
        kind: byTags ? 'new_question_tags' : 'new_question',
        actorId: question.askerId,
        actorName: asker,
        title: question.title,
        link,
        excerpt: words,
        tags: byTags ? candidate.followed : [],
      },
    });
  }
}
