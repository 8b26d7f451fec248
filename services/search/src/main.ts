import { runServiceProcess } from '@agora/platform';
import { searchService } from './service';

await runServiceProcess(searchService);
