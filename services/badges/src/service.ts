import { BadgesEvents } from '@agora/contracts';
import { partsOf, type RunningService, type ServiceModule } from '@agora/platform';
import { AwardCommands } from './commands/awards';
import { BadgeCommands } from './commands/badges';
import { badgesExporter } from './export/badges-export';
import { badgesImporter } from './import/badges-sink';
import { badgesMigrations } from './migrations';
import { awardsFromIdentity } from './projections/from-identity/projection';
import { awardsFromModeration } from './projections/from-moderation/projection';
import { awardsFromPosts } from './projections/from-posts/projection';
import { awardsFromVotes } from './projections/from-votes/projection';
import { BadgeReads } from './queries/reads';
import { adminBadgeRoutes } from './routes/admin';
import { badgeRoutes } from './routes/badges';

/** One badges instance's parts. */
export interface BadgesParts {
  awards: AwardCommands;
  badges: BadgeCommands;
  reads: BadgeReads;
}

/**
 * Badges (DESIGN §6): the catalogue, its statuses, and awards made by rules over identity's, posts',
 * votes' and moderation's events, each award an event of this service that notifications turns into an
 * achievement.
 */
export const badgesService: ServiceModule<BadgesParts> = {
  name: 'badges',
  migrations: badgesMigrations,
  events: BadgesEvents,
  setup: (context) => ({
    awards: new AwardCommands(context.store),
    badges: new BadgeCommands(context),
    reads: new BadgeReads(context),
  }),
  importer: (context) => badgesImporter(context),
  async routes(app, _context, { reads, badges }) {
    await badgeRoutes(app, reads);
    await adminBadgeRoutes(app, reads, badges);
  },
  exporter: badgesExporter,
  projections: (_context, { awards }) => [
    awardsFromIdentity(awards),
    awardsFromPosts(awards),
    awardsFromVotes(awards),
    awardsFromModeration(awards),
  ],
};

/** A running badges instance's parts. */
export function badgesFor(service: RunningService): BadgesParts {
  return partsOf(service, badgesService);
}
