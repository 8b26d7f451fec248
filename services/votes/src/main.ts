import { runServiceProcess } from '@agora/platform';
import { votesService } from './service';

await runServiceProcess(votesService);
