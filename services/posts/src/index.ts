export { postsReadModel } from './projections/posts/read-model';
export { type PostsParts, postsFor, postsService } from './service';
