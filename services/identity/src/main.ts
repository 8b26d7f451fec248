import { runServiceProcess } from '@agora/platform';
import { identityService } from './service';

await runServiceProcess(identityService);
