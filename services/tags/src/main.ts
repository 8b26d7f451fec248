import { runServiceProcess } from '@agora/platform';
import { tagsService } from './service';

await runServiceProcess(tagsService);
