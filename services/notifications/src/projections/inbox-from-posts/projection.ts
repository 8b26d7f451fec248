import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  AnswerPurged,
  CommentAdded,
  CommentDeleted,
  CommentEdited,
  type DataOf,
  InvitationsUpdated,
  QuestionAsked,
  QuestionClosed,
  QuestionDeleted,
  QuestionEdited,
  QuestionFollowed,
  QuestionPurged,
  QuestionUnfollowed,
} from '@agora/contracts';
import { applyInRuns, type Projection, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import * as recipients from '../../domain/recipients';
import { COUNTER_WRITERS, COUNTER_WRITERS_BATCH } from '../../inbox/counters';
import { forgetSource } from '../../inbox/notify';
import { queueNewQuestionMails } from '../../mail/new-question-mail';
import type { NoticeMailer } from '../../mail/notice-queue';
import { give } from './give';
import { importedInBulk } from './imported-in-bulk';
import { answerFacts, commentFacts, indexPost, postsById, questionFacts, retitle, setMentions } from './post-index';
import { forgetPurgedPosts } from './purged-posts';
import { addFollower, followersOf, removeFollower } from './question-followers';
import { dropWaiting, postsOrWait, takeWaiting } from './waiting-events';

const EVENTS = [
  QuestionAsked,
  QuestionEdited,
  QuestionClosed,
  QuestionDeleted,
  AnswerPosted,
  AnswerEdited,
  AnswerDeleted,
  AnswerAccepted,
  InvitationsUpdated,
  CommentAdded,
  CommentEdited,
  CommentDeleted,
  QuestionFollowed,
  QuestionUnfollowed,
  QuestionPurged,
  AnswerPurged,
];

async function apply(tx: Tx, event: StoredEvent, mailer: NoticeMailer): Promise<void> {
  switch (event.type) {
    case QuestionAsked.type: {
      const d = event.data as DataOf<typeof QuestionAsked>;
      await indexPost(tx, questionFacts(d));
      await queueNewQuestionMails(tx, mailer, event, {
        questionId: d.question_id,
        askerId: d.user_id,
        title: d.title,
        urlTitle: d.url_title,
        content: d.content,
        tags: d.tags.map((t) => t.slug_name),
      });
      return applyWaiting(tx, d.question_id, mailer);
    }
    case QuestionEdited.type: {
      const d = event.data as DataOf<typeof QuestionEdited>;
      await retitle(tx, d.question_id, d.title, d.url_title);
      const asker = (await postsById(tx, [d.question_id])).get(d.question_id)?.user_id;
      if (!asker) return;
      return give(
        tx,
        event,
        mailer,
        recipients.questionEdited({
          questionId: d.question_id,
          editor: d.editor_id,
          asker,
          followers: await followersOf(tx, d.question_id),
        }),
      );
    }
    case QuestionClosed.type:
    case QuestionDeleted.type: {
      const d = event.data as DataOf<typeof QuestionDeleted>;
      const author = (await postsById(tx, [d.question_id])).get(d.question_id)?.user_id;
      if (!author) return;
      const action = event.type === QuestionClosed.type ? 'your_question_is_closed' : 'your_question_was_deleted';
      return give(
        tx,
        event,
        mailer,
        recipients.statusAction({
          action,
          objectType: 'question',
          objectId: d.question_id,
          questionId: d.question_id,
          actor: d.actor_id,
          author,
        }),
      );
    }
    case AnswerPosted.type: {
      const d = event.data as DataOf<typeof AnswerPosted>;
      await indexPost(tx, answerFacts(d));
      await applyWaiting(tx, d.answer_id, mailer);
      const asker = (await postsOrWait(tx, event, [d.question_id]))?.get(d.question_id)?.user_id;
      if (!asker) return;
      return give(
        tx,
        event,
        mailer,
        recipients.answerPosted({
          answerId: d.answer_id,
          questionId: d.question_id,
          answerer: d.user_id,
          asker,
          followers: await followersOf(tx, d.question_id),
        }),
        d.content,
      );
    }
    case AnswerEdited.type: {
      const d = event.data as DataOf<typeof AnswerEdited>;
      const posts = await postsOrWait(tx, event, [d.question_id], [d.answer_id]);
      const asker = posts?.get(d.question_id)?.user_id;
      const author = posts?.get(d.answer_id)?.user_id;
      if (!asker || !author) return;
      return give(
        tx,
        event,
        mailer,
        recipients.answerEdited({
          answerId: d.answer_id,
          questionId: d.question_id,
          editor: d.editor_id,
          asker,
          author,
          followers: await followersOf(tx, d.question_id),
        }),
      );
    }
    case AnswerDeleted.type: {
      const d = event.data as DataOf<typeof AnswerDeleted>;
      const author = (await postsById(tx, [d.answer_id])).get(d.answer_id)?.user_id;
      if (!author) return;
      return give(
        tx,
        event,
        mailer,
        recipients.statusAction({
          action: 'your_answer_was_deleted',
          objectType: 'answer',
          objectId: d.answer_id,
          questionId: d.question_id,
          actor: d.actor_id,
          author,
        }),
      );
    }
    case AnswerAccepted.type: {
      const d = event.data as DataOf<typeof AnswerAccepted>;
      if (!d.answer_id) return;
      const posts = await postsOrWait(tx, event, [d.answer_id], [d.question_id]);
      const asker = posts?.get(d.question_id)?.user_id;
      const author = posts?.get(d.answer_id)?.user_id;
      if (!asker || !author) return;
      return give(
        tx,
        event,
        mailer,
        recipients.answerAccepted({
          answerId: d.answer_id,
          questionId: d.question_id,
          actor: d.actor_id,
          asker,
          author,
          followers: await followersOf(tx, d.question_id),
        }),
      );
    }
    case InvitationsUpdated.type: {
      const d = event.data as DataOf<typeof InvitationsUpdated>;
      return give(
        tx,
        event,
        mailer,
        recipients.invited({ questionId: d.question_id, actor: d.actor_id, added: d.added }),
      );
    }
    case CommentAdded.type: {
      const d = event.data as DataOf<typeof CommentAdded>;
      const posts = await postsOrWait(tx, event, [d.object_id]);
      if (!posts) return;
      const post = posts.get(d.object_id);
      const onAnswer = post?.object_type === 'answer';
      await indexPost(tx, commentFacts(d, post));
      return give(
        tx,
        event,
        mailer,
        recipients.commentAdded({
          commentId: d.comment_id,
          postId: d.object_id,
          postType: onAnswer ? 'answer' : 'question',
          questionId: d.question_id,
          commenter: d.user_id,
          postAuthor: post?.user_id,
          replyUserId: d.reply_user_id,
          mentions: d.mentions,
          followers: onAnswer ? [] : await followersOf(tx, d.question_id),
        }),
        d.original_text,
      );
    }
    case CommentEdited.type: {
      const d = event.data as DataOf<typeof CommentEdited>;
      const comment = (await postsById(tx, [d.comment_id])).get(d.comment_id);
      if (!comment) return;
      await setMentions(tx, d.comment_id, [...new Set([...comment.mentions, ...d.mentions])]);
      return give(
        tx,
        event,
        mailer,
        recipients.commentEdited({
          commentId: d.comment_id,
          postId: comment.parent_id ?? comment.question_id,
          questionId: comment.question_id,
          editor: d.actor_id,
          before: comment.mentions,
          after: d.mentions,
        }),
      );
    }
    case QuestionFollowed.type: {
      const d = event.data as DataOf<typeof QuestionFollowed>;
      return addFollower(tx, d.question_id, d.user_id);
    }
    case QuestionUnfollowed.type: {
      const d = event.data as DataOf<typeof QuestionUnfollowed>;
      return removeFollower(tx, d.question_id, d.user_id);
    }
    case QuestionPurged.type: {
      const d = event.data as DataOf<typeof QuestionPurged>;
      await dropWaiting(tx, [d.question_id, ...d.answer_ids]);
      return forgetPurgedPosts(tx, d.question_id, [d.question_id, ...d.answer_ids, ...d.comment_ids]);
    }
    case AnswerPurged.type: {
      const d = event.data as DataOf<typeof AnswerPurged>;
      await dropWaiting(tx, [d.answer_id]);
      return forgetPurgedPosts(tx, null, [d.answer_id, ...d.comment_ids]);
    }
    case CommentDeleted.type: {
      const d = event.data as DataOf<typeof CommentDeleted>;
      const comment = (await postsById(tx, [d.comment_id])).get(d.comment_id);
      if (!comment) return;
      return give(
        tx,
        event,
        mailer,
        recipients.statusAction({
          action: 'your_comment_was_deleted',
          objectType: 'comment',
          objectId: d.comment_id,
          questionId: comment.question_id,
          actor: d.actor_id,
          author: comment.user_id,
        }),
      );
    }
  }
}

/** Applies, now that a post has arrived, the events that waited for it. */
async function applyWaiting(tx: Tx, postId: string, mailer: NoticeMailer): Promise<void> {
  for (const waiting of await takeWaiting(tx, postId)) await apply(tx, waiting, mailer);
}

/**
 * Posts' events become inbox notifications and the mails that go with them; the post
 * index it keeps tells whom each event concerns, and the question followers it keeps (from posts' follow
 * events, read in the same order as the answers they hear of) who else hears. New questions mail their
 * subscribers (the `all_new_question` and `followed_tags` e-mail settings).
 */
export function inboxFromPosts(mailer: NoticeMailer): Projection {
  const applyOne = (event: StoredEvent, tx: Tx) => apply(tx, event, mailer);
  const bulk = importedInBulk(applyOne);
  return {
    name: 'inbox-from-posts',
    source: 'posts',
    events: EVENTS,
    lockGroup: COUNTER_WRITERS,
    batchSize: COUNTER_WRITERS_BATCH,
    apply: applyOne,
    applyBatch: (events, tx) => applyInRuns(events, tx, bulk, applyOne),
    async reset(tx) {
      await forgetSource(tx, 'posts');
      await sql`truncate post_index, question_followers, events_waiting_for_posts`.execute(tx);
    },
  };
}
