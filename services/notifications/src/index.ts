export { DigestWorker, type DigestWorkerSettings } from './mail/digest-worker';
export { renderAccountMail } from './mail/templates/account-mail';
export { MailWorker, type MailWorkerSettings, retryDelayMs } from './mail/worker';
export { ownReadModel } from './projections/settings-and-reads/read-model';
export { createNotificationsService, type NotificationsOptions, notificationsService } from './service';
