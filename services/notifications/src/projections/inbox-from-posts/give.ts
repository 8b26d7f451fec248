import { excerpt, type StoredEvent, type Tx } from '@agora/platform';
import { type NoticeKind, noticeOfAction } from '../../domain/actions';
import type { NotificationIntent } from '../../domain/recipients';
import { notify } from '../../inbox/notify';
import { answerLink, commentLink, questionLink } from '../../mail/links';
import { actorName, type NoticeMailer, queueInboxNotice, siteOf } from '../../mail/notice-queue';
import type { NoticeItem } from '../../mail/templates/notice';
import { postsById } from './post-index';

/** The mail version of a notification: what happened, where to see it, a few words of the text. */
async function noticeItem(
  tx: Tx,
  mailer: NoticeMailer,
  intent: NotificationIntent,
  kind: NoticeKind,
  text: string,
): Promise<NoticeItem> {
  const { siteUrl } = await siteOf(tx, mailer.config);
  const posts = await postsById(tx, [intent.questionId, intent.objectId]);
  const question = posts.get(intent.questionId);
  const ref = { questionId: intent.questionId, urlTitle: question?.url_title ?? '' };
  let link = questionLink(siteUrl, ref);
  if (intent.objectType === 'answer') link = answerLink(siteUrl, ref, intent.objectId);
  if (intent.objectType === 'comment') {
    const answerId = posts.get(intent.objectId)?.answer_id;
    link = commentLink(answerId ? answerLink(siteUrl, ref, answerId) : link, intent.objectId);
  }
  return {
    kind,
    actorId: intent.triggerUserId,
    actorName: await actorName(tx, intent.triggerUserId),
    title: question?.title ?? '',
    link,
    excerpt: text ? excerpt(text, 300) : '',
    tags: [],
  };
}

/** Gives each notification, and mails those that mail (`text`: the answer's or comment's words). */
export async function give(
  tx: Tx,
  event: StoredEvent,
  mailer: NoticeMailer,
  intents: NotificationIntent[],
  text = '',
): Promise<void> {
  for (const intent of intents) {
    const outcome = await notify(tx, event, intent);
    const kind = noticeOfAction(intent.action);
    if (outcome === 'skipped' || !kind) continue;
    await queueInboxNotice(tx, mailer, event, intent.receiver, () => noticeItem(tx, mailer, intent, kind, text));
  }
}
