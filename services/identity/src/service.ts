import { IdentityEvents } from '@agora/contracts';
import type { ServiceContext, ServiceModule } from '@agora/platform';
import { Accounts } from './commands/accounts';
import { identityMigrations } from './migrations';
import { reputationProjection } from './projections/reputation/projection';
import { accountRoutes } from './routes/account';
import { adminUserRoutes } from './routes/admin-users';
import { connectorRoutes } from './routes/connectors';
import { emailRoutes } from './routes/email';
import { internalRoutes } from './routes/internal';
import { passwordRoutes } from './routes/password';
import { userRoutes } from './routes/users';
import { IdentityActorSource } from './security/identity-actors';
import { SigningKeys } from './security/signing-keys';

const accountsOf = new WeakMap<ServiceContext, Accounts>();

export function accountsFor(context: ServiceContext): Accounts {
  let accounts = accountsOf.get(context);
  if (!accounts) {
    accounts = new Accounts(context, new SigningKeys(context));
    accountsOf.set(context, accounts);
  }
  return accounts;
}

/** Users, sessions, roles, account flows and user administration (DESIGN §6). */
export const identityService: ServiceModule = {
  name: 'identity',
  migrations: identityMigrations,
  events: IdentityEvents,
  // Identity is the source of actors: it checks them against its own tables, never a projected copy.
  shared: { actors: false },
  auth: (context) => ({ actors: new IdentityActorSource(context.database.db), keys: accountsFor(context).keys }),
  projections: () => [reputationProjection],
  async routes(app, context) {
    const accounts = accountsFor(context);
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
