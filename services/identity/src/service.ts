import { IdentityEvents } from '@agora/contracts';
import { partsOf, type RunningService, type ServiceModule } from '@agora/platform';
import { Accounts } from './commands/accounts';
import { identityMigrations } from './migrations';
import { memberPostsProjection } from './projections/member-posts/projection';
import { reputationProjection } from './projections/reputation/projection';
import { accountRoutes } from './routes/account';
import { adminUserRoutes } from './routes/admin-users';
import { connectorRoutes } from './routes/connectors';
import { emailRoutes } from './routes/email';
import { internalRoutes } from './routes/internal';
import { passwordRoutes } from './routes/password';
import { userRoutes } from './routes/users';
import { flagDecisionsProjection } from './sagas/flag-decisions';
import { IdentityActorSource } from './security/identity-actors';
import { SigningKeys } from './security/signing-keys';

/** One identity instance's parts. */
export interface IdentityParts {
  accounts: Accounts;
}

/** Users, sessions, roles, account flows and user administration (DESIGN §6). */
export const identityService: ServiceModule<IdentityParts> = {
  name: 'identity',
  migrations: identityMigrations,
  events: IdentityEvents,
  setup: (context) => ({ accounts: new Accounts(context, new SigningKeys(context)) }),
  // Identity is the source of actors: it checks them against its own tables, never a projected copy.
  shared: { actors: false },
  auth: (context, { accounts }) => ({ actors: new IdentityActorSource(context.database.db), keys: accounts.keys }),
  projections: (context, { accounts }) => [
    reputationProjection,
    memberPostsProjection,
    flagDecisionsProjection(accounts, context.store, context.log),
  ],
  async routes(app, _context, { accounts }) {
    await accounts.keys.ensure(app);
    await accountRoutes(app, accounts);
    await passwordRoutes(app, accounts);
    await emailRoutes(app, accounts);
    await userRoutes(app, accounts);
    await adminUserRoutes(app, accounts);
    await connectorRoutes(app);
    await internalRoutes(app, accounts.keys);
  },
};

/** A running identity instance's accounts (tests, benchmarks and operator commands make users through them). */
export function accountsFor(service: RunningService): Accounts {
  return partsOf(service, identityService).accounts;
}
