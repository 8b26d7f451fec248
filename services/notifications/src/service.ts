import { NotificationsEvents } from '@agora/contracts';
import { type ServiceContext, type ServiceModule, UserCache } from '@agora/platform';
import { InboxCommands } from './commands/reads';
import { SettingsCommands } from './commands/settings';
import { COUNTERS_TOPIC } from './inbox/counters';
import { DigestWorker, type DigestWorkerSettings } from './mail/digest-worker';
import type { NoticeMailer } from './mail/notice-queue';
import { UnsubscribeCodes } from './mail/unsubscribe-codes';
import { MailWorker, type MailWorkerSettings } from './mail/worker';
import { notificationsMigrations } from './migrations';
import { accountMailProjection } from './projections/account-mail/projection';
import { inboxFromBadges } from './projections/inbox-from-badges/projection';
import { inboxFromModeration } from './projections/inbox-from-moderation/projection';
import { inboxFromPosts } from './projections/inbox-from-posts/projection';
import { inboxFromVotes } from './projections/inbox-from-votes/projection';
import { recipientStatusProjection } from './projections/recipient-status/projection';
import { smtpTestProjection } from './projections/smtp-test/projection';
import { tagFollowsProjection } from './projections/tag-follows/projection';
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

/** One notifications instance's parts. */
export interface NotificationsParts {
  mail: MailWorker;
  redDots: UserCache<Counters>;
  digest: DigestWorker;
  mailer: NoticeMailer;
  inbox: InboxCommands;
  settings: SettingsCommands;
}

/** Builds an instance's parts: its mail and digest workers (started in `background`), its caches and commands. */
function setUpNotifications(context: ServiceContext, options: NotificationsOptions): NotificationsParts {
  const db = context.database.db;
  const mail = new MailWorker({ db, config: context.config, log: context.log, settings: options.mail });
  const codes = new UnsubscribeCodes(db);
  const onQueued = () => mail.wake();
  const now = options.digest?.now ?? Date.now;
  // What every poll reads, kept in memory until a change of its user is announced.
  const redDots = UserCache.following<Counters>(context.changes, COUNTERS_TOPIC, context.config.cacheLimits.counters);
  return {
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
}

/**
 * Inbox, achievements, red dots and e-mail (DESIGN §6), built only from other services' events: posts
 * (whom a post concerns), votes (votes and reputation), badges (awards), tags (follows), identity (account
 * mail, and who may receive). Mail goes through `mail_outbox` and its worker; digests are gathered by their own worker.
 */
export function createNotificationsService(options: NotificationsOptions = {}): ServiceModule<NotificationsParts> {
  return {
    name: 'notifications',
    migrations: notificationsMigrations,
    events: NotificationsEvents,
    async setup(context) {
      const parts = setUpNotifications(context, options);
      await parts.mailer.codes.load();
      return parts;
    },
    async routes(app, context, { inbox, settings, redDots }) {
      await notificationRoutes(app, context, inbox, redDots);
      await settingsRoutes(app, context, settings);
    },
    projections(context, { mail, mailer }) {
      return [
        accountMailProjection({ config: context.config, log: context.log, onQueued: () => mail.wake() }),
        recipientStatusProjection,
        tagFollowsProjection,
        inboxFromPosts(mailer),
        inboxFromVotes,
        inboxFromBadges,
        inboxFromModeration,
        smtpTestProjection({ config: context.config, onQueued: () => mail.wake() }),
      ];
    },
    async background(_context, { mail, digest }) {
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

export const notificationsService = createNotificationsService();
