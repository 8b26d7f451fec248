import { VotesEvents } from '@agora/contracts';
import { actionRecordRoute, captchaHooks, captchasFor, type ServiceContext, type ServiceModule } from '@agora/platform';
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

const partsOf = new WeakMap<ServiceContext, { votes: VoteCommands; ledger: Ledger }>();

export function votesFor(context: ServiceContext) {
  let parts = partsOf.get(context);
  if (!parts) {
    parts = { votes: new VoteCommands(context), ledger: new Ledger(context.database.db, context.store) };
    partsOf.set(context, parts);
  }
  return parts;
}

/** Votes, bookmarks, the reputation ledger, reputation history and the user ranking (DESIGN §6). */
export const votesService: ServiceModule = {
  name: 'votes',
  migrations: votesMigrations,
  events: VotesEvents,
  async routes(app, context) {
    const captchas = captchasFor(context);
    captchaHooks(app, captchas);
    await actionRecordRoute(app, captchas, { vote: 'vote' });
    await voteRoutes(app, votesFor(context).votes);
    await personalRoutes(app, context);
    await internalRoutes(app, context);
  },
  projections: (context) => {
    const { ledger } = votesFor(context);
    return [postFactsProjection, ledgerFromIdentity(ledger), ledgerFromPosts(ledger), ledgerFromVotes(ledger)];
  },
};
