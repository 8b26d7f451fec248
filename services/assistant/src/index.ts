export { assistantMigrations } from './migrations';
export { ownReadModel } from './projections/own/read-model';
export { assistantFor, assistantService } from './service';
