import type { ReputationReason } from '@agora/contracts';
import type { VoteEvent } from '../vote/decider';
import type { LedgerInput } from './ledger';

/** The ledger entries a vote makes: who gains or pays, and for which reason. */
function voteEntries(d: VoteEvent['data']): { reason: ReputationReason; userId: string }[] {
  if (d.object_type === 'question') {
    return [{ reason: d.direction === 'up' ? 'question.voted_up' : 'question.voted_down', userId: d.owner_id }];
  }
  if (d.object_type === 'answer') {
    return d.direction === 'up'
      ? [{ reason: 'answer.voted_up', userId: d.owner_id }]
      : [
          { reason: 'answer.voted_down', userId: d.owner_id },
          { reason: 'answer.vote_down', userId: d.user_id },
        ];
  }
  // A comment's author gets nothing from its up-votes.
  return [];
}

export function voteEntryId(reason: ReputationReason, objectId: string, voterId: string): string {
  return `${reason}:${objectId}:${voterId}`;
}

/** A vote cast grants its entries; a vote cancelled cancels the same ones. */
export function voteInputs(event: VoteEvent, at: string): LedgerInput[] {
  const d = event.data;
  return voteEntries(d).map(({ reason, userId }): LedgerInput => {
    const entryId = voteEntryId(reason, d.object_id, d.user_id);
    return event.type === 'votes.vote_cast'
      ? {
          kind: 'grant',
          entryId,
          userId,
          reason,
          objectId: d.object_id,
          questionId: d.question_id,
          triggerUserId: d.user_id,
          at,
        }
      : { kind: 'cancel', entryId, at };
  });
}

export interface Acceptance {
  question_id: string;
  answer_id: string | null;
  previous_answer_id: string | null;
  actor_id: string;
}

/**
 * Changing the accepted answer cancels the previous pair, then grants the asker +2 and the answerer +15;
 * accepting one's own answer is worth nothing, so it makes no entries.
 */
export function acceptInputs(
  accept: Acceptance,
  owners: { question: string | undefined; answer: string | undefined },
  at: string,
): LedgerInput[] {
  const inputs: LedgerInput[] = [];
  if (accept.previous_answer_id && accept.previous_answer_id !== accept.answer_id) {
    inputs.push({ kind: 'cancel', entryId: `answer.accept:${accept.previous_answer_id}`, at });
    inputs.push({ kind: 'cancel', entryId: `answer.accepted:${accept.previous_answer_id}`, at });
  }
  const { question, answer } = owners;
  if (!accept.answer_id || !question || !answer || question === answer) return inputs;
  const common = { objectId: accept.answer_id, questionId: accept.question_id, triggerUserId: accept.actor_id, at };
  inputs.push({
    kind: 'grant',
    entryId: `answer.accept:${accept.answer_id}`,
    userId: question,
    reason: 'answer.accept',
    ...common,
  });
  inputs.push({
    kind: 'grant',
    entryId: `answer.accepted:${accept.answer_id}`,
    userId: answer,
    reason: 'answer.accepted',
    ...common,
  });
  return inputs;
}

/**
 * An edit as posts (a question or answer) or tags (a tag: no question) applied it; `reviewer_id` is set when
 * a reviewer approved someone's suggestion.
 */
export interface AppliedEdit {
  question_id: string;
  answer_id?: string;
  tag_id?: string;
  editor_id: string;
  revision_id: string;
  reviewer_id?: string;
}

/** A suggested edit approved: +2 to its editor, once per revision. */
export function approvedEditInput(edit: AppliedEdit, at: string): LedgerInput[] {
  if (!edit.reviewer_id) return [];
  return [
    {
      kind: 'grant',
      entryId: `edit.accepted:${edit.revision_id}`,
      userId: edit.editor_id,
      reason: 'edit.accepted',
      objectId: edit.tag_id ?? edit.answer_id ?? edit.question_id,
      questionId: edit.question_id,
      triggerUserId: edit.reviewer_id,
      at,
    },
  ];
}

/** A user's starting balance (1 when an admin or the installer made the account). */
export function startingBalanceInput(userId: string, rank: number, at: string): LedgerInput[] {
  if (rank <= 0) return [];
  return [
    {
      kind: 'grant',
      entryId: `user.created:${userId}`,
      userId,
      reason: 'user.created',
      objectId: '',
      questionId: '',
      triggerUserId: null,
      at,
      amount: rank,
      once: true,
    },
  ];
}

/** Activation is worth 1, once in an account's life. */
export function activationInput(userId: string, at: string): LedgerInput[] {
  return [
    {
      kind: 'grant',
      entryId: `user.activated:${userId}`,
      userId,
      reason: 'user.activated',
      objectId: '',
      questionId: '',
      triggerUserId: null,
      at,
      once: true,
    },
  ];
}
