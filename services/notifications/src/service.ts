import type { ServiceContext, ServiceModule } from '@agora/platform';
import { MailWorker, type MailWorkerSettings } from './mail/worker';
import { notificationsMigrations } from './migrations';
import { accountMailProjection } from './projections/account-mail/projection';

export interface NotificationsOptions {
  /** Delivery timings (tests shorten them). */
  mail?: Partial<MailWorkerSettings>;
}

/**
 * Inbox, achievements, unread counts and e-mail (DESIGN §6). So far: account e-mail — identity asks,
 * a projection renders the mail into `mail_outbox`, and a background worker delivers it. The platform's
 * shared `site-settings` projection gives the SMTP settings and the site's name and address.
 */
export function createNotificationsService(options: NotificationsOptions = {}): ServiceModule {
  // The projection of a running instance wakes that instance's worker.
  const workers = new WeakMap<ServiceContext, MailWorker>();
  const workerOf = (context: ServiceContext) => {
    let worker = workers.get(context);
    if (!worker) {
      worker = new MailWorker({
        db: context.database.db,
        config: context.config,
        log: context.log,
        settings: options.mail,
      });
      workers.set(context, worker);
    }
    return worker;
  };

  return {
    name: 'notifications',
    migrations: notificationsMigrations,
    events: [],
    async routes() {},
    projections(context) {
      const worker = workerOf(context);
      return [accountMailProjection({ config: context.config, log: context.log, onQueued: () => worker.wake() })];
    },
    async background(context) {
      const worker = workerOf(context);
      await worker.start();
      return worker;
    },
  };
}

export const notificationsService: ServiceModule = createNotificationsService();
