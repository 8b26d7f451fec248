export { tagsService } from './service';
