import { AccountEmailRequested } from '@agora/contracts';
import {
  type AgoraConfig,
  loadSiteSettings,
  type Projection,
  type ServiceContext,
  type StoredEvent,
  type Tx,
} from '@agora/platform';
import type { Static } from 'typebox';
import { enqueueMail } from '../../mail/outbox';
import { renderAccountMail } from '../../mail/templates/account-mail';

type AccountEmailRequestedData = Static<typeof AccountEmailRequested.data>;

export interface AccountMailProjectionOptions {
  config: Pick<AgoraConfig, 'siteUrl'>;
  log: ServiceContext['log'];
  /** Told when a mail was queued (before the batch commits: the worker also polls). */
  onQueued: () => void;
  /** The clock that decides whether a link has expired (tests). */
  now?: () => number;
}

/**
 * Identity's requests for account mail, rendered and queued in `mail_outbox` in the batch's own
 * transaction. The event id is the outbox's unique key, so a replay or a redelivery queues nothing new.
 */
export function accountMailProjection(options: AccountMailProjectionOptions): Projection {
  const now = options.now ?? Date.now;
  return {
    name: 'account-mail',
    source: 'identity',
    events: [AccountEmailRequested],
    async apply(event: StoredEvent, tx: Tx) {
      if (event.type !== AccountEmailRequested.type) return;
      const data = event.data as AccountEmailRequestedData;
      // A code past its expiry is worthless; this also keeps a first start over a long identity log
      // (or a replay after old outbox rows were pruned) from mailing every old code again.
      const expiresAt = Date.parse(data.expires_at);
      if (Number.isFinite(expiresAt) && expiresAt <= now()) {
        options.log.debug({ eventId: event.id, kind: data.kind }, 'account mail link already expired; not queued');
        return;
      }
      // A purged member's request keeps no address (docs/adr/0078-purging-in-an-event-sourced-system.md).
      if (!data.email) return;
      // Site's name and address as last projected (platform's `site-settings` projection), else defaults.
      const { general } = await loadSiteSettings(tx, options.config.siteUrl);
      const mail = renderAccountMail({
        kind: data.kind,
        language: data.language,
        displayName: data.display_name,
        code: data.code,
        siteName: general.name,
        siteUrl: general.site_url || options.config.siteUrl,
      });
      const queued = await enqueueMail(tx, {
        dedupeKey: event.id,
        template: data.kind,
        language: data.language,
        recipient: data.email,
        userId: data.user_id,
        ...mail,
      });
      if (queued) options.onQueued();
    },
    // The outbox is a record of mail already promised, not a read model: a rebuild must not forget it,
    // or it would mail every code again. Replayed events meet their own rows and queue nothing.
    async reset() {},
  };
}
