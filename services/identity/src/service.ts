import { IdentityEvents } from '@agora/contracts';
import { partsOf, type RunningService, type ServiceModule } from '@agora/platform';
import { Accounts } from './commands/accounts';
import { ExternalLogins } from './commands/external-logins';
import { identityExporter } from './export/identity-export';
import { identityImporter } from './import/member-sink';
import { identityMigrations } from './migrations';
import { memberPostsProjection } from './projections/member-posts/projection';
import { reputationProjection } from './projections/reputation/projection';
import { accountRoutes } from './routes/account';
import { adminConnectorRoutes } from './routes/admin-connectors';
import { adminPurgeRoutes } from './routes/admin-purge';
import { adminUserRoutes } from './routes/admin-users';
import { connectorBindingRoutes } from './routes/connector-binding';
import { connectorPluginRoutes } from './routes/connector-plugins';
import { connectorRoutes } from './routes/connectors';
import { emailRoutes } from './routes/email';
import { internalRoutes } from './routes/internal';
import { passwordRoutes } from './routes/password';
import { userCenterRoutes } from './routes/user-center';
import { userRoutes } from './routes/users';
import { flagDecisionsProjection } from './sagas/flag-decisions';
import { IdentityActorSource } from './security/identity-actors';
import { SigningKeys } from './security/signing-keys';

/** One identity instance's parts. */
export interface IdentityParts {
  accounts: Accounts;
  externalLogins: ExternalLogins;
}

/** Users, sessions, roles, account flows and user administration (DESIGN §6). */
export const identityService: ServiceModule<IdentityParts> = {
  name: 'identity',
  migrations: identityMigrations,
  events: IdentityEvents,
  setup: (context) => {
    const accounts = new Accounts(context, new SigningKeys(context));
    return { accounts, externalLogins: new ExternalLogins(accounts) };
  },
  // Identity is the source of actors: it checks them against its own tables, never a projected copy.
  shared: { actors: false },
  auth: (context, { accounts }) => ({
    actors: new IdentityActorSource(context.database.db, context.changes, context.config.cacheLimits.sessions),
    keys: accounts.keys,
  }),
  projections: (context, { accounts }) => [
    reputationProjection,
    memberPostsProjection,
    flagDecisionsProjection(accounts, context.store, context.log),
  ],
  importer: (context) => identityImporter(context),
  exporter: identityExporter,
  async routes(app, _context, { accounts, externalLogins }) {
    await accounts.keys.ensure(app);
    await accountRoutes(app, accounts, externalLogins);
    await passwordRoutes(app, accounts);
    await emailRoutes(app, accounts, externalLogins);
    await userRoutes(app, accounts);
    await adminUserRoutes(app, accounts);
    await adminPurgeRoutes(app, accounts);
    await connectorRoutes(app, externalLogins);
    await userCenterRoutes(app);
    await connectorBindingRoutes(app, accounts, externalLogins);
    await adminConnectorRoutes(app, externalLogins);
    await connectorPluginRoutes(app, externalLogins);
    await internalRoutes(app, accounts.keys);
  },
};

/** A running identity instance's external logins (tests configure connectors through them). */
export function externalLoginsFor(service: RunningService): ExternalLogins {
  return partsOf(service, identityService).externalLogins;
}

/** A running identity instance's accounts (tests, benchmarks and operator commands make users through them). */
export function accountsFor(service: RunningService): Accounts {
  return partsOf(service, identityService).accounts;
}
