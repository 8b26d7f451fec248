export { type PostsParts, postsFor, postsService } from './service';
