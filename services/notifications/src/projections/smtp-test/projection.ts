import { type Language, SiteSettingsChanged, SmtpTestRequested, type SmtpTestRequestedData } from '@agora/contracts';
import {
  type AgoraConfig,
  applySiteSettingsEvent,
  loadSiteSettings,
  type Projection,
  type StoredEvent,
  type Tx,
} from '@agora/platform';
import { enqueueMail } from '../../mail/outbox';
import { renderSmtpTestMail } from '../../mail/templates/smtp-test';

/**
 * An admin's test of the SMTP settings, queued in `mail_outbox` like any mail, so the worker sends it
 * through the settings it tests. The settings change that came before it on site's stream is applied here
 * too (the same idempotent write as the shared site-settings projection), so the worker never sends the
 * test through the settings it replaced.
 */
export function smtpTestProjection(options: {
  config: Pick<AgoraConfig, 'siteUrl'>;
  onQueued: () => void;
}): Projection {
  return {
    name: 'smtp-test-mail',
    source: 'site',
    events: [SiteSettingsChanged, SmtpTestRequested],
    async apply(event: StoredEvent, tx: Tx) {
      if (event.type === SiteSettingsChanged.type) return applySiteSettingsEvent(tx, event);
      if (event.type !== SmtpTestRequested.type) return;
      const data = event.data as SmtpTestRequestedData;
      const language: Language = data.language === 'zh_CN' ? 'zh_CN' : 'en_US';
      const { general } = await loadSiteSettings(tx, options.config.siteUrl);
      const mail = renderSmtpTestMail({ language, siteName: general.name });
      const queued = await enqueueMail(tx, {
        dedupeKey: event.id,
        userId: null,
        template: 'smtp_test',
        language,
        recipient: data.recipient,
        ...mail,
      });
      if (queued) options.onQueued();
    },
    // Like account mail, the outbox is mail already promised: a rebuild must not send the tests again.
    async reset() {},
  };
}
