import { runServiceProcess } from '@agora/platform';
import { assistantService } from './service';

await runServiceProcess(assistantService);
