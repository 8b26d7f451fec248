import type { ReactionEmoji } from '@agora/contracts';
import { type Actor, errors, executeCommand, type ServiceContext } from '@agora/platform';
import { reactionDecider, reactionStreamId } from '../domain/reaction/decider';
import { applyOwnEvent } from '../projections/own-log';
import { REACTIONS_TOPIC } from '../projections/reactions/read-model';
import type { TargetLookup } from './targets';

/** Reactions: each (member, post) pair is its own stream, so members never contend. */
export class ReactionCommands {
  constructor(
    readonly context: ServiceContext,
    private readonly targets: TargetLookup,
  ) {}

  /**
   * `PUT meta/reaction`: the member reacts with an emoji on a question, answer or comment, or takes the
   * reaction back. Returns the post's id in its long form.
   */
  async react(actor: Actor, input: { objectId: string; emoji: ReactionEmoji; activate: boolean }): Promise<string> {
    const target = await this.targets.current(input.objectId);
    if (!target) throw errors.notFound('error.object.not_found');
    await executeCommand({
      db: this.context.database.db,
      store: this.context.store,
      streamId: reactionStreamId(target.objectId, actor.id),
      decider: reactionDecider,
      command: {
        type: 'react',
        userId: actor.id,
        emoji: input.emoji,
        activate: input.activate,
        target: {
          objectId: target.objectId,
          objectType: target.objectType,
          questionId: target.questionId,
          ownerId: target.ownerId,
          deleted: target.deleted,
        },
      },
      metadata: { actorId: actor.id },
      project: async (tx, events) => {
        for (const event of events) await applyOwnEvent(tx, event);
      },
    });
    // This process's reads of the post see the change at once; other replicas hear it announced.
    this.context.changes.changedKeys(REACTIONS_TOPIC, [target.objectId]);
    return target.objectId;
  }
}
