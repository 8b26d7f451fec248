export { votesService } from './service';
