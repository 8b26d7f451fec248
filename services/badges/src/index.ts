export { badgesMigrations } from './migrations';
export { ownReadModel } from './projections/awards/read-model';
export { badgesFor, badgesService } from './service';
