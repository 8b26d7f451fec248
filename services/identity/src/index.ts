export { Accounts } from './commands/accounts';
export { accountsFor, identityService } from './service';
