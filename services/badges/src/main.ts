import { runServiceProcess } from '@agora/platform';
import { badgesService } from './service';

await runServiceProcess(badgesService);
