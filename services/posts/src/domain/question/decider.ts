import {
  type AnswerAccepted,
  type EventOf,
  type HeldQuestionDropped,
  type HoldReason,
  type InvitationsUpdated,
  PostStatus,
  type QuestionAsked,
  type QuestionClosed,
  type QuestionDeleted,
  type QuestionEdited,
  type QuestionHeld,
  type QuestionHidden,
  type QuestionPinned,
  type QuestionPurged,
  type QuestionReopened,
  type QuestionRetagged,
  type QuestionRevisionRejected,
  type QuestionRevisionSubmitted,
  type QuestionShown,
  type QuestionUndeleted,
  type QuestionUnpinned,
} from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';
import type { Static } from 'typebox';

export type QuestionEvent =
  | EventOf<typeof QuestionAsked>
  | EventOf<typeof QuestionHeld>
  | EventOf<typeof HeldQuestionDropped>
  | EventOf<typeof QuestionEdited>
  | EventOf<typeof QuestionRetagged>
  | EventOf<typeof QuestionRevisionSubmitted>
  | EventOf<typeof QuestionRevisionRejected>
  | EventOf<typeof QuestionDeleted>
  | EventOf<typeof QuestionUndeleted>
  | EventOf<typeof QuestionPurged>
  | EventOf<typeof QuestionClosed>
  | EventOf<typeof QuestionReopened>
  | EventOf<typeof QuestionPinned>
  | EventOf<typeof QuestionUnpinned>
  | EventOf<typeof QuestionHidden>
  | EventOf<typeof QuestionShown>
  | EventOf<typeof AnswerAccepted>
  | EventOf<typeof InvitationsUpdated>;

export interface QuestionTag {
  slug_name: string;
  display_name: string;
}

export interface QuestionContent {
  title: string;
  url_title: string;
  content: string;
  html: string;
  tags: QuestionTag[];
}

export interface QuestionState extends QuestionContent {
  id: string | null;
  userId: string | null;
  /** The revision the question was asked with (published with it when it was held). */
  revisionId: string;
  status: number;
  /** Held for review and then rejected or withdrawn: it was never published and never will be. */
  dropped: boolean;
  /** Hard-deleted by an admin: nothing may happen to it any more. */
  purged: boolean;
  pinned: boolean;
  hidden: boolean;
  acceptedAnswerId: string | null;
  /** A suggested edit waiting for review: it blocks every other edit until decided. */
  pendingRevision: PendingRevision | null;
  invited: string[];
}

export interface PendingRevision {
  id: string;
  editorId: string;
  editSummary: string;
  content: QuestionContent;
}

/** Facts about a question's answers that only the read model knows, handed in by the command handler. */
export interface AnswerFacts {
  count: number;
  hasAccepted: boolean;
  /** Votes of the single answer, when there is exactly one. */
  singleAnswerVotes: number;
}

export type QuestionCommand =
  | {
      type: 'ask';
      questionId: string;
      userId: string;
      revisionId: string;
      content: QuestionContent;
      /** Why the site holds it for review (pre-moderation), or null to publish it at once. */
      hold?: Static<typeof HoldReason> | null;
    }
  | { type: 'publish'; reviewerId: string; approved: boolean }
  | {
      type: 'edit';
      editorId: string;
      revisionId: string;
      content: QuestionContent;
      editSummary: string;
      direct: boolean;
    }
  | { type: 'delete'; actorId: string; asOwner: boolean; answers: AnswerFacts }
  | { type: 'undelete'; actorId: string }
  /** The admin's permanent delete of a deleted question, with what lives under it (from the read model). */
  | { type: 'purge'; actorId: string; answerIds: string[]; commentIds: string[]; revisionIds: string[] }
  | { type: 'close'; actorId: string; closeType: number; closeMsg: string }
  | { type: 'reopen'; actorId: string }
  | { type: 'operate'; actorId: string; operation: 'pin' | 'unpin' | 'hide' | 'show' }
  | { type: 'accept'; actorId: string; answerId: string | null }
  | { type: 'invite'; actorId: string; userIds: string[] }
  | { type: 'review'; revisionId: string; approved: boolean; reviewerId: string }
  /** Tags merged into another (the tags service's `tags.tag_merged`): the question is filed under the target. */
  | { type: 'retag'; actorId: string; mergedSlugs: string[]; target: QuestionTag };

const sameContent = (a: QuestionContent, b: QuestionContent) =>
  a.title === b.title &&
  a.content === b.content &&
  a.tags.map((t) => t.slug_name).join(',') === b.tags.map((t) => t.slug_name).join(',');

/** Tags with the merged ones replaced by the target, each tag once, in the order they came. */
export function mergedTags(tags: QuestionTag[], mergedSlugs: string[], target: QuestionTag): QuestionTag[] {
  const seen = new Set<string>();
  const result: QuestionTag[] = [];
  for (const tag of tags) {
    const next = mergedSlugs.includes(tag.slug_name) ? target : tag;
    if (seen.has(next.slug_name)) continue;
    seen.add(next.slug_name);
    result.push(next);
  }
  return result;
}

/**
 * Filing a question under the tag its tags were merged into, whatever its status (a deleted one comes back so, a
 * held one is published so); one that names none of them, or is gone for good, is left as it is.
 */
function retag(command: Extract<QuestionCommand, { type: 'retag' }>, state: QuestionState): QuestionEvent[] {
  const questionId = state.id;
  if (!questionId || state.purged || state.dropped) return [];
  if (!state.tags.some((t) => command.mergedSlugs.includes(t.slug_name))) return [];
  const data = {
    question_id: questionId,
    actor_id: command.actorId,
    merged_slugs: command.mergedSlugs,
    target: command.target,
    tags: mergedTags(state.tags, command.mergedSlugs, command.target),
  };
  return [{ type: 'posts.question_retagged', data }];
}

/**
 * A question held for review: a moderator publishes it or drops it, its author may withdraw it (a deletion);
 * nothing else happens to it meanwhile.
 */
function decideHeld(
  command: QuestionCommand,
  state: QuestionState,
  questionId: string,
  userId: string,
): QuestionEvent[] {
  switch (command.type) {
    case 'publish': {
      if (!command.approved) {
        return [
          {
            type: 'posts.held_question_dropped',
            data: { question_id: questionId, user_id: userId, actor_id: command.reviewerId, rejected: true },
          },
        ];
      }
      const { title, url_title, content, html, tags } = state;
      return [
        {
          type: 'posts.question_asked',
          data: {
            question_id: questionId,
            user_id: userId,
            revision_id: state.revisionId,
            title,
            url_title,
            content,
            html,
            tags,
          },
        },
      ];
    }
    case 'delete':
      return [
        {
          type: 'posts.held_question_dropped',
          data: { question_id: questionId, user_id: userId, actor_id: command.actorId, rejected: false },
        },
      ];
    default:
      throw errors.business('error.post.pending', 'error.post.pending', 'toast');
  }
}

/**
 * Only a deleted question (withdrawn or rejected while held included) is purged, once; asked of one that is
 * not deleted (undeleted meanwhile) or purged already, nothing happens.
 */
function decidePurge(
  command: Extract<QuestionCommand, { type: 'purge' }>,
  state: QuestionState,
  questionId: string,
  userId: string,
): QuestionEvent[] {
  if (state.purged || state.status !== PostStatus.deleted) return [];
  return [
    {
      type: 'posts.question_purged',
      data: {
        question_id: questionId,
        user_id: userId,
        actor_id: command.actorId,
        answer_ids: command.answerIds,
        comment_ids: command.commentIds,
        revision_ids: command.revisionIds,
      },
    },
  ];
}

export const questionDecider: Decider<QuestionState, QuestionCommand, QuestionEvent> = {
  initialState: () => ({
    id: null,
    userId: null,
    revisionId: '',
    status: PostStatus.available,
    dropped: false,
    purged: false,
    pinned: false,
    hidden: false,
    acceptedAnswerId: null,
    pendingRevision: null,
    invited: [],
    title: '',
    url_title: '',
    content: '',
    html: '',
    tags: [],
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'posts.question_asked': {
        const { question_id, user_id, revision_id, ...content } = event.data;
        return {
          ...state,
          id: question_id,
          userId: user_id,
          revisionId: revision_id,
          status: PostStatus.available,
          ...content,
        };
      }
      case 'posts.question_held': {
        const { question_id, user_id, revision_id, reason: _, ...content } = event.data;
        return {
          ...state,
          id: question_id,
          userId: user_id,
          revisionId: revision_id,
          status: PostStatus.pending,
          ...content,
        };
      }
      case 'posts.held_question_dropped':
        return { ...state, status: PostStatus.deleted, dropped: true };
      case 'posts.question_edited': {
        const { title, url_title, content, html, tags } = event.data;
        return { ...state, title, url_title, content, html, tags, pendingRevision: null };
      }
      case 'posts.question_retagged': {
        const { tags, merged_slugs, target } = event.data;
        // A suggested edit still waiting names the merged tags no more either.
        const pending = state.pendingRevision;
        const pendingRevision = pending && {
          ...pending,
          content: { ...pending.content, tags: mergedTags(pending.content.tags, merged_slugs, target) },
        };
        return { ...state, tags, pendingRevision };
      }
      case 'posts.question_revision_submitted': {
        const { revision_id, editor_id, edit_summary, title, url_title, content, html, tags } = event.data;
        const proposed = { title, url_title, content, html, tags };
        return {
          ...state,
          pendingRevision: { id: revision_id, editorId: editor_id, editSummary: edit_summary, content: proposed },
        };
      }
      case 'posts.question_revision_rejected':
        return { ...state, pendingRevision: null };
      case 'posts.question_deleted':
        return { ...state, status: PostStatus.deleted };
      case 'posts.question_undeleted':
        return { ...state, status: PostStatus.available };
      case 'posts.question_purged':
        return { ...state, purged: true };
      case 'posts.question_closed':
        return { ...state, status: PostStatus.closed };
      case 'posts.question_reopened':
        return { ...state, status: PostStatus.available };
      case 'posts.question_pinned':
        return { ...state, pinned: true };
      case 'posts.question_unpinned':
        return { ...state, pinned: false };
      case 'posts.question_hidden':
        return { ...state, hidden: true };
      case 'posts.question_shown':
        return { ...state, hidden: false };
      case 'posts.answer_accepted':
        return { ...state, acceptedAnswerId: event.data.answer_id };
      case 'posts.invitations_updated':
        return { ...state, invited: event.data.user_ids };
      default:
        return state;
    }
  },

  decide(command, state) {
    if (command.type === 'ask') {
      if (state.id) throw errors.business('error.question.exists', 'error.question.exists');
      const data = {
        question_id: command.questionId,
        user_id: command.userId,
        revision_id: command.revisionId,
        ...command.content,
      };
      return command.hold
        ? [{ type: 'posts.question_held', data: { ...data, reason: command.hold } }]
        : [{ type: 'posts.question_asked', data }];
    }
    if (command.type === 'retag') return retag(command, state);
    const questionId = state.id;
    const userId = state.userId;
    if (!questionId || !userId) throw errors.notFound('error.question.not_found');
    if (command.type === 'purge') return decidePurge(command, state, questionId, userId);
    if (state.purged) throw errors.notFound('error.question.not_found');
    // A decision on what is no longer held (a redelivered one) changes nothing.
    if (command.type === 'publish' && state.status !== PostStatus.pending) return [];
    if (state.dropped) throw errors.notFound('error.question.not_found');
    const act = { question_id: questionId, actor_id: 'actorId' in command ? command.actorId : '' };
    if (state.status === PostStatus.pending) return decideHeld(command, state, questionId, userId);
    switch (command.type) {
      case 'publish':
        // Decided already (a redelivered decision): nothing more to do.
        return [];
      case 'edit': {
        if (state.status === PostStatus.deleted) throw errors.notFound('error.question.not_found');
        // Any suggested edit still waiting blocks every other edit, the author's and an admin's included.
        if (state.pendingRevision)
          throw errors.business('error.revision.review_underway', 'error.revision.review_underway', 'toast');
        if (sameContent(state, command.content)) return [];
        const data = {
          question_id: questionId,
          editor_id: command.editorId,
          revision_id: command.revisionId,
          edit_summary: command.editSummary,
          ...command.content,
        };
        return [{ type: command.direct ? 'posts.question_edited' : 'posts.question_revision_submitted', data }];
      }
      case 'delete': {
        if (state.status === PostStatus.deleted) return [];
        const { answers } = command;
        // An owner may not take away a question others have invested in.
        if (
          command.asOwner &&
          (answers.hasAccepted || answers.count > 1 || (answers.count === 1 && answers.singleAnswerVotes > 0))
        ) {
          throw errors.business('error.question.cannot_delete', 'error.question.cannot_delete', 'toast');
        }
        return [{ type: 'posts.question_deleted', data: act }];
      }
      case 'undelete':
        return state.status === PostStatus.deleted ? [{ type: 'posts.question_undeleted', data: act }] : [];
      case 'close':
        if (state.status === PostStatus.deleted) throw errors.notFound('error.question.not_found');
        return state.status === PostStatus.closed
          ? []
          : [
              {
                type: 'posts.question_closed',
                data: { ...act, close_type: command.closeType, close_msg: command.closeMsg },
              },
            ];
      case 'reopen':
        return state.status === PostStatus.closed ? [{ type: 'posts.question_reopened', data: act }] : [];
      case 'operate': {
        if (state.status === PostStatus.deleted) throw errors.notFound('error.question.not_found');
        // A hidden question cannot be pinned, nor a pinned one hidden: asked anyway, nothing happens.
        switch (command.operation) {
          case 'pin':
            return state.pinned || state.hidden ? [] : [{ type: 'posts.question_pinned', data: act }];
          case 'unpin':
            return state.pinned ? [{ type: 'posts.question_unpinned', data: act }] : [];
          case 'hide':
            return state.hidden || state.pinned ? [] : [{ type: 'posts.question_hidden', data: act }];
          case 'show':
            return state.hidden ? [{ type: 'posts.question_shown', data: act }] : [];
        }
        return [];
      }
      case 'invite': {
        if (state.status === PostStatus.deleted) throw errors.notFound('error.question.not_found');
        const userIds = [...new Set(command.userIds)];
        if (userIds.join(',') === state.invited.join(',')) return [];
        const added = userIds.filter((id) => !state.invited.includes(id));
        return [{ type: 'posts.invitations_updated', data: { ...act, user_ids: userIds, added } }];
      }
      case 'review': {
        // Only the suggestion still waiting is decided; a decision on anything else changes nothing.
        const pending = state.pendingRevision;
        if (!pending || pending.id !== command.revisionId) return [];
        const decided = { question_id: questionId, revision_id: pending.id, editor_id: pending.editorId };
        if (!command.approved) {
          return [{ type: 'posts.question_revision_rejected', data: { ...decided, reviewer_id: command.reviewerId } }];
        }
        return [
          {
            type: 'posts.question_edited',
            data: {
              ...decided,
              edit_summary: pending.editSummary,
              reviewer_id: command.reviewerId,
              ...pending.content,
            },
          },
        ];
      }
      case 'accept':
        if (state.status === PostStatus.deleted) throw errors.notFound('error.question.not_found');
        if (state.acceptedAnswerId === command.answerId) return [];
        return [
          {
            type: 'posts.answer_accepted',
            data: { ...act, answer_id: command.answerId, previous_answer_id: state.acceptedAnswerId },
          },
        ];
    }
  },
};
