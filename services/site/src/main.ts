import { runServiceProcess } from '@agora/platform';
import { siteService } from './service';

await runServiceProcess(siteService);
