import { runServiceProcess } from '@agora/platform';
import { postsService } from './service';

await runServiceProcess(postsService);
