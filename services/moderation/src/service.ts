import { ModerationEvents } from '@agora/contracts';
import {
  actionRecordRoute,
  captchaHooks,
  captchasFor,
  partsOf,
  type RunningService,
  type ServiceModule,
} from '@agora/platform';
import { FlagCommands } from './commands/flags';
import { HeldPostCommands } from './commands/held-posts';
import { ReviewCommands } from './commands/reviews';
import { moderationExporter } from './export/moderation-export';
import { moderationImporter } from './import/moderation-sink';
import { moderationMigrations } from './migrations';
import { heldPostsFromPosts } from './projections/held-posts/from-posts';
import { purgedMembers } from './projections/objects/from-identity';
import { objectsFromPosts } from './projections/objects/from-posts';
import { objectsFromTags } from './projections/objects/from-tags';
import { ModerationReads } from './queries/reads';
import { heldPostRoutes } from './routes/held-posts';
import { reasonRoutes } from './routes/reasons';
import { reportRoutes } from './routes/reports';
import { reviewRoutes } from './routes/reviews';

/** One moderation instance's parts. */
export interface ModerationParts {
  flags: FlagCommands;
  reviews: ReviewCommands;
  held: HeldPostCommands;
  reads: ModerationReads;
}

/**
 * Moderation (DESIGN §6): the reasons, flags and their handling, the review queue of suggested edits, and
 * held posts (pre-moderation).
 * What a decision does to a post or a member is carried out by its owner from moderation's events.
 */
export const moderationService: ServiceModule<ModerationParts> = {
  name: 'moderation',
  migrations: moderationMigrations,
  events: ModerationEvents,
  setup: (context) => ({
    flags: new FlagCommands(context),
    reviews: new ReviewCommands(context),
    held: new HeldPostCommands(context),
    reads: new ModerationReads(context),
  }),
  importer: (context) => moderationImporter(context),
  async routes(app, context, { flags, reviews, held, reads }) {
    const captchas = captchasFor(context);
    captchaHooks(app, captchas);
    await actionRecordRoute(app, captchas, { report: 'report' });
    await reasonRoutes(app);
    await reportRoutes(app, flags, reads);
    await reviewRoutes(app, reviews, reads);
    await heldPostRoutes(app, held, reads);
  },
  exporter: moderationExporter,
  projections: () => [objectsFromPosts, objectsFromTags, heldPostsFromPosts, purgedMembers],
};

/** A running moderation instance's parts. */
export function moderationFor(service: RunningService): ModerationParts {
  return partsOf(service, moderationService);
}
