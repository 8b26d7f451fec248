export { Accounts } from './commands/accounts';
export { usersReadModel } from './projections/users/read-model';
export { accountsFor, externalLoginsFor, identityService } from './service';
