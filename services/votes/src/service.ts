import { VotesEvents } from '@agora/contracts';
import {
  actionRecordRoute,
  captchaHooks,
  captchasFor,
  partsOf,
  type RunningService,
  type ServiceContext,
  type ServiceModule,
} from '@agora/platform';
import { Ledger } from './commands/ledger';
import { ReactionCommands } from './commands/reactions';
import { TargetLookup } from './commands/targets';
import { VoteCommands } from './commands/votes';
import { votesExporter } from './export/votes-export';
import { votesImporter } from './import/votes-sink';
import { votesMigrations } from './migrations';
import { ledgerFromIdentity } from './projections/ledger-inputs/from-identity';
import { ledgerFromPosts } from './projections/ledger-inputs/from-posts';
import { ledgerFromTags } from './projections/ledger-inputs/from-tags';
import { ledgerFromVotes } from './projections/ledger-inputs/from-votes';
import { postFactsProjection } from './projections/post-facts/projection';
import { purgesFromPosts } from './projections/purges/from-posts';
import { PersonalReads } from './queries/personal-reads';
import { ReactionReads } from './queries/reactions';
import { internalRoutes } from './routes/internal';
import { personalRoutes } from './routes/personal';
import { reactionRoutes } from './routes/reactions';
import { voteRoutes } from './routes/votes';

/** One votes instance's parts. */
export interface VotesParts {
  votes: VoteCommands;
  reactions: ReactionCommands;
  /** Posts' reactions and reacting members' names, kept until a change of them is announced. */
  reactionReads: ReactionReads;
  /** The profile tabs votes owns, kept until votes' read models change. */
  personalReads: PersonalReads;
  ledger: Ledger;
}

function setUpVotes(context: ServiceContext): VotesParts {
  // One lookup of posts' facts for votes, bookmarks and reactions: one cache, one catch-up.
  const targets = TargetLookup.of(context);
  return {
    votes: new VoteCommands(context, targets),
    reactions: new ReactionCommands(context, targets),
    reactionReads: new ReactionReads(context.database.db, context.changes, context.config.cacheLimits.reactions),
    personalReads: new PersonalReads(context),
    ledger: new Ledger(context.database.db, context.store),
  };
}

/** Votes, bookmarks, reactions, the reputation ledger, reputation history and the user ranking (DESIGN §6). */
export const votesService: ServiceModule<VotesParts> = {
  name: 'votes',
  migrations: votesMigrations,
  events: VotesEvents,
  setup: setUpVotes,
  importer: (context) => votesImporter(context),
  exporter: votesExporter,
  async routes(app, context, { votes, reactions, reactionReads, personalReads }) {
    const captchas = captchasFor(context);
    captchaHooks(app, captchas);
    await actionRecordRoute(app, captchas, { vote: 'vote' });
    await voteRoutes(app, votes);
    await reactionRoutes(app, reactions, reactionReads);
    await personalRoutes(app, context, personalReads);
    await internalRoutes(app, context);
  },
  projections: (context, { ledger }) => [
    postFactsProjection,
    purgesFromPosts(context.store),
    ledgerFromIdentity(ledger),
    ledgerFromPosts(ledger),
    ledgerFromTags(ledger),
    ledgerFromVotes(ledger),
  ],
};

/** A running votes instance's parts. */
export function votesFor(service: RunningService): VotesParts {
  return partsOf(service, votesService);
}
