import type { ReputationChange } from '@agora/contracts';
import { ApiError } from '@agora/platform';
import { acceptInputs, activationInput, startingBalanceInput, voteInputs } from '../../src/domain/ledger/inputs';
import { type LedgerInput, LedgerState, runLedger } from '../../src/domain/ledger/ledger';
import { type Direction, type VotableType, type VoteState, voteDecider } from '../../src/domain/vote/decider';

export interface Post {
  id: string;
  type: VotableType;
  owner: string;
  questionId: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Agora's reputation path without I/O: votes decided by the vote decider, turned into ledger inputs by the
 * same mapping the service uses, run through the ledger. Posts' rules (who may accept what, deletions) are
 * played as posts plays them.
 */
export class LedgerWorld {
  readonly ledger = new LedgerState();
  readonly changes: ReputationChange[] = [];
  /** Every input list run, in order: to replay the same history through the service's SQL ledger. */
  readonly inputs: LedgerInput[][] = [];
  readonly deleted = new Set<string>();
  readonly accepted = new Map<string, string | null>();
  private readonly votes = new Map<string, VoteState>();
  private time = Date.parse('2026-12-01T08:00:00.000Z');

  constructor(
    users: string[],
    readonly posts: Post[],
  ) {
    for (const user of users) this.run(startingBalanceInput(user, 1, this.at()));
  }

  at(): string {
    return new Date(this.time).toISOString();
  }

  tick(ms = 1000) {
    this.time += ms;
  }

  nextDay() {
    this.time += DAY_MS;
  }

  post(id: string): Post {
    const post = this.posts.find((p) => p.id === id);
    if (!post) throw new Error(`no post ${id}`);
    return post;
  }

  run(inputs: LedgerInput[]): ReputationChange[] {
    if (inputs.length > 0) this.inputs.push(inputs);
    const made = inputs.flatMap((input) => runLedger(input, this.ledger));
    this.changes.push(...made);
    return made;
  }

  rep(user: string): number {
    return this.ledger.reputation(user);
  }

  /** A vote as the service decides it; false when refused (own post, deleted post). */
  vote(voter: string, postId: string, direction: Direction, cancel = false): boolean {
    this.tick();
    const post = this.post(postId);
    const key = `${voter}|${postId}`;
    const state = this.votes.get(key) ?? voteDecider.initialState();
    let events: ReturnType<typeof voteDecider.decide>;
    try {
      events = voteDecider.decide(
        {
          type: 'vote',
          voterId: voter,
          direction,
          cancel,
          permission: { allowed: true, needed: 0 },
          target: {
            objectId: post.id,
            objectType: post.type,
            questionId: post.questionId,
            ownerId: post.owner,
            deleted: this.deleted.has(post.id) || this.deleted.has(post.questionId),
          },
        },
        state,
      );
    } catch (error) {
      if (error instanceof ApiError) return false;
      throw error;
    }
    this.votes.set(key, events.reduce(voteDecider.evolve, state));
    for (const event of events) this.run(voteInputs(event, this.at()));
    return true;
  }

  /** Posts' rules: the question and the answer must stand; accepting the accepted answer changes nothing. */
  accept(questionId: string, answerId: string | null): boolean {
    this.tick();
    const question = this.post(questionId);
    const previous = this.accepted.get(questionId) ?? null;
    if (this.deleted.has(questionId) || previous === answerId) return false;
    if (answerId && (this.deleted.has(answerId) || this.post(answerId).questionId !== questionId)) return false;
    this.accepted.set(questionId, answerId);
    this.run(
      acceptInputs(
        { question_id: questionId, answer_id: answerId, previous_answer_id: previous, actor_id: question.owner },
        { question: question.owner, answer: answerId ? this.post(answerId).owner : undefined },
        this.at(),
      ),
    );
    return true;
  }

  remove(postId: string): boolean {
    this.tick();
    if (this.deleted.has(postId)) return false;
    this.deleted.add(postId);
    this.run([{ kind: 'suspend', objectId: postId, at: this.at() }]);
    return true;
  }

  restore(postId: string): boolean {
    this.tick();
    if (!this.deleted.has(postId)) return false;
    this.deleted.delete(postId);
    this.run([{ kind: 'restore', objectId: postId, at: this.at() }]);
    return true;
  }

  activate(user: string) {
    this.tick();
    this.run(activationInput(user, this.at()));
  }
}
