import { type Actor, isStaff, type ServiceContext } from '@agora/platform';
import { type QueuedRevision, reviewDecider, reviewStreamId } from '../domain/review/decider';
import { queuedRevision } from '../queries/review-items';
import { auditableTypes } from './permissions';
import { runOn } from './run';

/** Reviews of suggested edits: approve or reject (the owner applies the decision), or skip for oneself. */
export class ReviewCommands {
  constructor(private readonly context: ServiceContext) {}

  private async facts(actor: Actor, revisionId: string) {
    const revision: QueuedRevision | null = await queuedRevision(this.context.database.db, revisionId);
    const settings = await this.context.siteSettings();
    const mayAudit =
      revision !== null && (isStaff(actor) || auditableTypes(actor, settings).includes(revision.objectType));
    return { revisionId, revision, reviewerId: actor.id, mayAudit };
  }

  async review(actor: Actor, revisionId: string, approved: boolean): Promise<void> {
    const facts = await this.facts(actor, revisionId);
    await runReview(this.context, { type: 'review', approved, ...facts }, actor.id);
  }

  async skip(actor: Actor, revisionId: string): Promise<void> {
    const facts = await this.facts(actor, revisionId);
    await runReview(this.context, { type: 'skip', ...facts }, actor.id);
  }
}

function runReview(context: ServiceContext, command: Parameters<typeof reviewDecider.decide>[0], actorId: string) {
  return runOn(context, reviewStreamId(command.revisionId), reviewDecider, command, actorId);
}
