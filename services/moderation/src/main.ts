import { runServiceProcess } from '@agora/platform';
import { moderationService } from './service';

await runServiceProcess(moderationService);
