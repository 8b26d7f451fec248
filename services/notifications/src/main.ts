import { runServiceProcess } from '@agora/platform';
import { notificationsService } from './service';

await runServiceProcess(notificationsService);
