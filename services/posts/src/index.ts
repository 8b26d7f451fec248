export { Posts } from './commands/posts';
export { postsFor, postsService } from './service';
