export { searchService } from './service';
