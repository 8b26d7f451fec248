import { VotesEvents } from '@agora/contracts';
import {
  actionRecordRoute,
  captchaHooks,
  captchasFor,
  partsOf,
  type RunningService,
  type ServiceModule,
} from '@agora/platform';
import { Ledger } from './commands/ledger';
import { VoteCommands } from './commands/votes';
import { votesMigrations } from './migrations';
import { ledgerFromIdentity } from './projections/ledger-inputs/from-identity';
import { ledgerFromPosts } from './projections/ledger-inputs/from-posts';
import { ledgerFromVotes } from './projections/ledger-inputs/from-votes';
import { postFactsProjection } from './projections/post-facts/projection';
import { internalRoutes } from './routes/internal';
import { personalRoutes } from './routes/personal';
import { voteRoutes } from './routes/votes';

/** One votes instance's parts. */
export interface VotesParts {
  votes: VoteCommands;
  ledger: Ledger;
}

/** Votes, bookmarks, the reputation ledger, reputation history and the user ranking (DESIGN §6). */
export const votesService: ServiceModule<VotesParts> = {
  name: 'votes',
  migrations: votesMigrations,
  events: VotesEvents,
  setup: (context) => ({ votes: new VoteCommands(context), ledger: new Ledger(context.database.db, context.store) }),
  async routes(app, context, { votes }) {
    const captchas = captchasFor(context);
    captchaHooks(app, captchas);
    await actionRecordRoute(app, captchas, { vote: 'vote' });
    await voteRoutes(app, votes);
    await personalRoutes(app, context);
    await internalRoutes(app, context);
  },
  projections: (_context, { ledger }) => [
    postFactsProjection,
    ledgerFromIdentity(ledger),
    ledgerFromPosts(ledger),
    ledgerFromVotes(ledger),
  ],
};

/** A running votes instance's parts. */
export function votesFor(service: RunningService): VotesParts {
  return partsOf(service, votesService);
}
