import { NotificationsEvents } from '@agora/contracts';
import { type ServiceContext, type ServiceModule, UserCache } from '@agora/platform';
import { InboxCommands } from './commands/reads';
import { SettingsCommands } from './commands/settings';
import { DigestWorker, type DigestWorkerSettings } from './mail/digest-worker';
import type { NoticeMailer } from './mail/notice-queue';
import { UnsubscribeCodes } from './mail/unsubscribe-codes';
import { MailWorker, type MailWorkerSettings } from './mail/worker';
import { notificationsMigrations } from './migrations';
import { COUNTERS_TOPIC } from './migrations/announce-changes';
import { accountMailProjection } from './projections/account-mail/projection';
import { recipientStatusProjection } from './projections/identity/projection';
import { inboxFromPosts } from './projections/posts/projection';
import { tagFollowsProjection } from './projections/tags/projection';
import { inboxFromVotes } from './projections/votes/projection';
import type { Counters } from './queries/status';
import { notificationRoutes } from './routes/notifications';
import { settingsRoutes } from './routes/settings';

export interface NotificationsOptions {
  /** Delivery timings (tests shorten them). */
  mail?: Partial<MailWorkerSettings>;
  /** When digests are looked for, and the clock that says when one is due (tests move it). */
  digest?: Partial<DigestWorkerSettings>;
  /** Events older than this are not mailed about (replays, a first start over a long history). */
  mailWindowMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface Parts {
  mail: MailWorker;
  redDots: UserCache<Counters>;
  digest: DigestWorker;
  mailer: NoticeMailer;
  inbox: InboxCommands;
  settings: SettingsCommands;
}

/**
 * Inbox, achievements, red dots and e-mail (DESIGN §6), built only from other services' events: posts
 * (whom a post concerns), votes (votes and reputation), tags (follows), identity (account mail, and who
 * may receive). Mail goes through `mail_outbox` and its worker; digests are gathered by their own worker.
 */
export function createNotificationsService(options: NotificationsOptions = {}): ServiceModule {
  const parts = new WeakMap<ServiceContext, Parts>();
  const partsOf = (context: ServiceContext): Parts => {
    let found = parts.get(context);
    if (!found) {
      const db = context.database.db;
      const mail = new MailWorker({ db, config: context.config, log: context.log, settings: options.mail });
      const codes = new UnsubscribeCodes(db);
      const onQueued = () => mail.wake();
      const now = options.digest?.now ?? Date.now;
      // What every poll reads, kept in memory until a change of its user is announced.
      const redDots = new UserCache<Counters>(context.changes, context.config.cacheLimits.counters);
      context.changes.onKeyChanged(COUNTERS_TOPIC, (userId) => redDots.evict(userId));
      found = {
        mail,
        redDots,
        digest: new DigestWorker({
          db,
          config: context.config,
          log: context.log,
          codes,
          onQueued,
          settings: options.digest,
        }),
        mailer: { codes, config: context.config, onQueued, windowMs: options.mailWindowMs ?? DAY_MS, now },
        inbox: new InboxCommands(context, redDots),
        settings: new SettingsCommands(context, codes),
      };
      parts.set(context, found);
    }
    return found;
  };

  return {
    name: 'notifications',
    migrations: notificationsMigrations,
    events: NotificationsEvents,
    async routes(app, context) {
      const { inbox, settings, redDots } = partsOf(context);
      await notificationRoutes(app, context, inbox, redDots);
      await settingsRoutes(app, context, settings);
    },
    projections(context) {
      const { mail, mailer } = partsOf(context);
      return [
        accountMailProjection({ config: context.config, log: context.log, onQueued: () => mail.wake() }),
        recipientStatusProjection,
        tagFollowsProjection,
        inboxFromPosts(mailer),
        inboxFromVotes,
      ];
    },
    async background(context) {
      const { mail, digest } = partsOf(context);
      await mail.start();
      digest.start();
      return {
        async stop() {
          await digest.stop();
          await mail.stop();
        },
      };
    },
  };
}

export const notificationsService: ServiceModule = createNotificationsService();
