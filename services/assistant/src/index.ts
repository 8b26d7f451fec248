export { assistantMigrations } from './migrations';
export { ownReadModel } from './projections/api-keys/read-model';
export { assistantFor, assistantService } from './service';
