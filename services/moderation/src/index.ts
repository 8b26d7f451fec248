export { ownReadModel } from './projections/moderation/read-model';
export { moderationFor, moderationService } from './service';
