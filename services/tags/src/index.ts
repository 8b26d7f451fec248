export { tagsReadModel } from './projections/tags/read-model';
export { tagsFor, tagsService } from './service';
