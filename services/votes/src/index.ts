export { Ledger } from './commands/ledger';
export { votesMigrations } from './migrations';
export { ownReadModel } from './projections/own-log';
export { votesFor, votesService } from './service';
