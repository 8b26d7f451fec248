import { type ObjectTypeName, objectTypeOf } from '@agora/contracts';
import { numberOf } from '@agora/contracts/import/legacy-ids';
import { NumberIndex } from './number-index';

/**
 * One space of a dump's numbers (Posts.xml's ids, Users.xml's, …). An imported object keeps the number it had at its
 * source where the space allows (legacy-ids.ts: its old links and a tool's references keep working); every other
 * object gets the next number above the highest one kept, in the order its row is written.
 */
export class NumberSpace {
  private next: number;
  private readonly indexes = new Map<ObjectTypeName, NumberIndex>();

  constructor(
    highestKept: number,
    private readonly keepsImported: boolean,
  ) {
    this.next = (keepsImported ? highestKept : 0) + 1;
  }

  /** The number of an object whose own row is being written. */
  assign(id: string): number {
    const kept = this.kept(id);
    if (kept !== undefined) return kept;
    const type = objectTypeOf(id);
    if (!type) throw new Error(`not an Agora id: ${id}`);
    let index = this.indexes.get(type);
    if (!index) {
      index = new NumberIndex();
      this.indexes.set(type, index);
    }
    const n = this.fresh();
    index.set(id, n);
    return n;
  }

  /** A number for a row that stands for no object of its own (a tag's wiki post). */
  fresh(): number {
    return this.next++;
  }

  /** The number of an object named by another row; undefined when its own row was not written. */
  of(id: string): number | undefined {
    const kept = this.kept(id);
    if (kept !== undefined) return kept;
    const type = objectTypeOf(id);
    return type ? this.indexes.get(type)?.get(id) : undefined;
  }

  private kept(id: string): number | undefined {
    if (!this.keepsImported) return undefined;
    const n = numberOf(id);
    return n === undefined ? undefined : Number(n);
  }
}

/** What decides a dump's numbers: the highest numbers imported objects kept, and which ids were a Stack Exchange's. */
export interface NumberingPlan {
  highest: Partial<Record<ObjectTypeName, number>>;
  /**
   * Questions and answers share Posts.xml's numbers: only a site imported from Stack Exchange numbered them in one
   * sequence, so only there do they keep theirs (an Apache Answer site has a question 1 and an answer 1).
   */
  postsKeepNumbers: boolean;
}

/** The number spaces of one dump, and the counters of the rows no other row names. */
export class DumpNumbers {
  readonly users: NumberSpace;
  readonly posts: NumberSpace;
  readonly tags: NumberSpace;
  readonly comments: NumberSpace;
  private readonly counters = new Map<string, number>();

  constructor(plan: NumberingPlan) {
    const highest = (type: ObjectTypeName) => plan.highest[type] ?? 0;
    this.users = new NumberSpace(highest('user'), true);
    this.posts = new NumberSpace(Math.max(highest('question'), highest('answer')), plan.postsKeepNumbers);
    this.tags = new NumberSpace(highest('tag'), true);
    this.comments = new NumberSpace(highest('comment'), true);
  }

  /** The next row number of a file whose rows nothing names (PostHistory.xml, Votes.xml, …), from 1. */
  next(file: string): number {
    const n = (this.counters.get(file) ?? 0) + 1;
    this.counters.set(file, n);
    return n;
  }
}
