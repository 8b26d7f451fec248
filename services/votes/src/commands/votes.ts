import type { PermissionKey } from '@agora/contracts';
import { type Actor, checkPermission, errors, executeCommand, type ServiceContext } from '@agora/platform';
import { sql } from 'kysely';
import { bookmarkDecider, bookmarkStreamId } from '../domain/bookmark/decider';
import { type Direction, VOTE_STATUS, voteDecider, voteStreamId } from '../domain/vote/decider';
import { applyOwnEvent } from '../projections/own-log';
import { firstVoteWritesInStatement, type VoteCounts, voteCountsOf } from '../projections/votes/read-model';
import type { TargetLookup } from './targets';

export interface VoteResult {
  votes: number;
  up_votes: number;
  down_votes: number;
  vote_status: '' | 'vote_up' | 'vote_down';
}

export interface BookmarkResult {
  object_id: string;
  object_collection_count: number;
  switch: boolean;
}

/** Votes and bookmarks: each (user, object) pair is its own stream, so no two users ever contend. */
export class VoteCommands {
  constructor(
    readonly context: ServiceContext,
    private readonly targets: TargetLookup,
  ) {}

  get db() {
    return this.context.database.db;
  }

  /** `vote/up` and `vote/down`. */
  async vote(actor: Actor, input: { objectId: string; direction: Direction; cancel: boolean }): Promise<VoteResult> {
    const target = await this.targets.current(input.objectId);
    if (!target) throw errors.notFound('error.object.not_found');
    const settings = await this.context.siteSettings();
    const permission = checkPermission(
      actor,
      `${target.objectType}.vote_${input.direction}` as PermissionKey,
      settings.privileges,
    );
    const { state, inline } = await executeCommand({
      db: this.db,
      store: this.context.store,
      streamId: voteStreamId(target.objectId, actor.id),
      // Most votes are a member's first on a post, which starts its stream: tried as new, in one statement that
      // also writes its row and reads the counts. A stream that exists fails that start; the next attempt reads it.
      // Not when the state could change the decision: taking a vote back, or a vote the privilege would refuse
      // (the same vote again is no change, not a refusal).
      newStream: !input.cancel && permission.allowed,
      projectInStatement: firstVoteWritesInStatement,
      decider: voteDecider,
      command: {
        type: 'vote',
        voterId: actor.id,
        direction: input.direction,
        cancel: input.cancel,
        target,
        permission,
      },
      metadata: { actorId: actor.id },
      project: async (tx, events) => {
        for (const event of events) await applyOwnEvent(tx, event);
      },
    });
    // A first vote's statement read the counts before it; any other vote reads them after its commit.
    const before = inline as VoteCounts | null | undefined;
    const { up, down } = before
      ? {
          up: before.up + (input.direction === 'up' ? 1 : 0),
          down: before.down + (input.direction === 'down' ? 1 : 0),
        }
      : ((await voteCountsOf(target.objectId).execute(this.db)).rows[0] ?? { up: 0, down: 0 });
    return {
      votes: up - down,
      up_votes: up,
      down_votes: down,
      vote_status: state.direction ? VOTE_STATUS[state.direction] : '',
    };
  }

  /** `collection/switch`: questions and answers can be bookmarked. */
  async switchBookmark(actor: Actor, input: { objectId: string; bookmark: boolean | null }): Promise<BookmarkResult> {
    const target = await this.targets.current(input.objectId);
    if (!target || target.objectType === 'comment') {
      throw target
        ? errors.business('error.object.not_bookmarkable', 'error.object.not_bookmarkable', 'toast')
        : errors.notFound('error.object.not_found');
    }
    const { state } = await executeCommand({
      db: this.db,
      store: this.context.store,
      streamId: bookmarkStreamId(target.objectId, actor.id),
      decider: bookmarkDecider,
      command: {
        type: 'switch',
        userId: actor.id,
        want: input.bookmark,
        target: {
          objectId: target.objectId,
          objectType: target.objectType,
          questionId: target.questionId,
          deleted: target.deleted,
        },
      },
      metadata: { actorId: actor.id },
      project: async (tx, events) => {
        for (const event of events) await applyOwnEvent(tx, event);
      },
    });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from bookmarks where object_id = ${target.objectId}`.execute(this.db);
    return { object_id: target.objectId, object_collection_count: rows[0]?.n ?? 0, switch: state.bookmarked };
  }
}
