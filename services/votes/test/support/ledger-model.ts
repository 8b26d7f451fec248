import fc from 'fast-check';
import { LedgerWorld, type Post } from './ledger-world';

/**
 * Random histories of votes, undos, switches, accepts, unaccepts, deletes and undeletes, played both
 * through Agora's reputation path (LedgerWorld) and through a plain model of the reputation rules,
 * written apart from the service's ledger.
 */

export const USERS = Array.from({ length: 14 }, (_, i) => `u${i}`);
export const POSTS: Post[] = [
  { id: 'q0', type: 'question', owner: 'u0', questionId: 'q0' },
  { id: 'q1', type: 'question', owner: 'u1', questionId: 'q1' },
  { id: 'a0', type: 'answer', owner: 'u2', questionId: 'q0' },
  { id: 'a1', type: 'answer', owner: 'u0', questionId: 'q0' },
  { id: 'a2', type: 'answer', owner: 'u3', questionId: 'q1' },
  { id: 'a3', type: 'answer', owner: 'u1', questionId: 'q1' },
  { id: 'c0', type: 'comment', owner: 'u4', questionId: 'q0' },
];

export type Action =
  | { type: 'vote'; voter: number; post: number; up: boolean; cancel: boolean }
  | { type: 'accept'; question: number; answer: number | null }
  | { type: 'delete' | 'undelete'; post: number }
  | { type: 'nextDay' };

export const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      type: fc.constant('vote' as const),
      voter: fc.nat(USERS.length - 1),
      post: fc.nat(POSTS.length - 1),
      up: fc.boolean(),
      cancel: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('accept' as const),
      question: fc.nat(1),
      answer: fc.option(fc.nat(1), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('delete' as const), post: fc.nat(POSTS.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('undelete' as const), post: fc.nat(POSTS.length - 1) }) },
  { weight: 1, arbitrary: fc.constant({ type: 'nextDay' as const }) },
);

/** The rules, applied by hand: a balance per user and what each standing reason contributes. */
export class Model {
  rep = new Map(USERS.map((u) => [u, 1]));
  /** reason key -> contribution; `held` while its post is deleted. */
  parts = new Map<
    string,
    { user: string; post: string; amount: number; state: 'on' | 'held' | 'off'; day: number; seq: number }
  >();
  private seq = 0;
  vote = new Map<string, 'up' | 'down'>();
  deleted = new Set<string>();
  accepted = new Map<string, string | null>();
  day = 0;

  private move(user: string, wanted: number): number {
    const current = this.rep.get(user)!;
    const applied = wanted >= 0 ? wanted : Math.max(wanted, Math.min(0, 1 - current));
    this.rep.set(user, current + applied);
    return applied;
  }

  private today(user: string): number {
    let sum = 0;
    for (const p of this.parts.values()) if (p.user === user && p.state === 'on' && p.day === this.day) sum += p.amount;
    return sum;
  }

  private give(key: string, user: string, post: string, amount: number, capped: boolean) {
    const part = this.parts.get(key);
    if (part && part.state !== 'off') return;
    const worth = capped && this.today(user) >= 200 ? 0 : amount;
    const seq = ++this.seq;
    if (this.deleted.has(post)) this.parts.set(key, { user, post, amount: worth, state: 'held', day: this.day, seq });
    else this.parts.set(key, { user, post, amount: this.move(user, worth), state: 'on', day: this.day, seq });
  }

  private take(key: string) {
    const part = this.parts.get(key);
    if (!part || part.state === 'off') return;
    if (part.state === 'on') this.move(part.user, -part.amount);
    part.state = 'off';
  }

  private gone(post: Post) {
    return this.deleted.has(post.id) || this.deleted.has(post.questionId);
  }

  apply(a: Action) {
    if (a.type === 'nextDay') this.day += 1;
    if (a.type === 'vote') {
      const post = POSTS[a.post]!;
      const voter = USERS[a.voter]!;
      const dir = a.up ? 'up' : 'down';
      if (this.gone(post) || post.owner === voter || (post.type === 'comment' && dir === 'down')) return;
      const key = `${voter}|${post.id}`;
      const current = this.vote.get(key);
      if (a.cancel) {
        if (current === dir) this.unvote(voter, post);
        return;
      }
      if (current === dir) return;
      if (current) this.unvote(voter, post);
      this.vote.set(key, dir);
      if (post.type === 'question' && dir === 'up') this.give(`qu|${key}`, post.owner, post.id, 10, true);
      if (post.type === 'question' && dir === 'down') this.give(`qd|${key}`, post.owner, post.id, -2, false);
      if (post.type === 'answer' && dir === 'up') this.give(`au|${key}`, post.owner, post.id, 10, true);
      if (post.type === 'answer' && dir === 'down') {
        this.give(`ad|${key}`, post.owner, post.id, -2, false);
        this.give(`ac|${key}`, voter, post.id, -1, false);
      }
    }
    if (a.type === 'accept') {
      const question = POSTS[a.question]!;
      const answers = POSTS.filter((p) => p.type === 'answer' && p.questionId === question.id);
      const answer = a.answer === null ? null : answers[a.answer]!;
      const previous = this.accepted.get(question.id) ?? null;
      if (this.deleted.has(question.id) || previous === (answer?.id ?? null)) return;
      if (answer && this.deleted.has(answer.id)) return;
      this.accepted.set(question.id, answer?.id ?? null);
      if (previous) {
        this.take(`accept|${previous}`);
        this.take(`accepted|${previous}`);
      }
      if (answer && answer.owner !== question.owner) {
        this.give(`accept|${answer.id}`, question.owner, answer.id, 2, false);
        this.give(`accepted|${answer.id}`, answer.owner, answer.id, 15, false);
      }
    }
    if (a.type === 'delete' || a.type === 'undelete') this.deletion(POSTS[a.post]!, a.type === 'delete');
  }

  private unvote(voter: string, post: Post) {
    const key = `${voter}|${post.id}`;
    this.vote.delete(key);
    for (const prefix of ['qu', 'qd', 'au', 'ad', 'ac']) this.take(`${prefix}|${key}`);
  }

  private deletion(post: Post, deleting: boolean) {
    if (deleting === this.deleted.has(post.id)) return;
    if (deleting) this.deleted.add(post.id);
    else this.deleted.delete(post.id);
    // Whatever raises a balance first, so that the floor limits only what it must; equal ones oldest first.
    const mine = [...this.parts.entries()]
      .filter(([, p]) => p.post === post.id && p.state === (deleting ? 'on' : 'held'))
      .sort(([, x], [, y]) => (deleting ? x.amount - y.amount : y.amount - x.amount) || x.seq - y.seq);
    for (const [, part] of mine) {
      const moved = this.move(part.user, deleting ? -part.amount : part.amount);
      part.amount = deleting ? -moved : moved;
      part.state = deleting ? 'held' : 'on';
    }
  }
}

export function play(actions: Action[]) {
  const world = new LedgerWorld(USERS, POSTS);
  const model = new Model();
  for (const a of actions) {
    model.apply(a);
    if (a.type === 'nextDay') world.nextDay();
    if (a.type === 'vote') world.vote(USERS[a.voter]!, POSTS[a.post]!.id, a.up ? 'up' : 'down', a.cancel);
    if (a.type === 'accept') {
      const question = POSTS[a.question]!;
      const answers = POSTS.filter((p) => p.type === 'answer' && p.questionId === question.id);
      world.accept(question.id, a.answer === null ? null : answers[a.answer]!.id);
    }
    if (a.type === 'delete') world.remove(POSTS[a.post]!.id);
    if (a.type === 'undelete') world.restore(POSTS[a.post]!.id);
  }
  return { world, model };
}
