import { type Actor, isStaff, type ServiceContext } from '@agora/platform';
import { heldPostDecider, heldPostStreamId } from '../domain/held-post/decider';
import { heldPost } from '../queries/held-posts';
import { runOn } from './run';

/** Decisions on held posts (docs/adr/0069-held-posts.md): posts publishes or drops each from moderation's event. */
export class HeldPostCommands {
  constructor(private readonly context: ServiceContext) {}

  async review(actor: Actor, reviewId: number, approved: boolean): Promise<void> {
    const post = await heldPost(this.context.database.db, reviewId);
    // A review id the queue never held names no stream: decided against the empty one, it is refused.
    const streamId = heldPostStreamId(post?.objectId ?? `review-${reviewId}`);
    await runOn(
      this.context,
      streamId,
      heldPostDecider,
      { type: 'review', approved, post, reviewerId: actor.id, isStaff: isStaff(actor) },
      actor.id,
    );
  }
}
