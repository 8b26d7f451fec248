export { Accounts } from './commands/accounts';
export { accountsFor, externalLoginsFor, identityService } from './service';
