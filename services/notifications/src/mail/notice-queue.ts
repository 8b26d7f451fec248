import { type DigestFrequency, isImported, resolveLanguage } from '@agora/contracts';
import { type AgoraConfig, loadSiteSettings, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { MailSource } from '../domain/settings/decider';
import { MAILABLE } from '../inbox/eligibility';
import { unsubscribeLink } from './links';
import { enqueueMail } from './outbox';
import { type NoticeItem, renderNoticeMail } from './templates/notice';
import type { UnsubscribeCodes } from './unsubscribe-codes';

export interface NoticeMailer {
  codes: UnsubscribeCodes;
  config: Pick<AgoraConfig, 'siteUrl'>;
  /** Told when a mail was queued (before the batch commits: the worker also polls). */
  onQueued: () => void;
  /**
   * Events older than this mail nobody: a replay, or a first start over a long history, must not mail
   * what users were told of long ago (their settings may have changed since).
   */
  windowMs: number;
  now: () => number;
}

export interface Recipient {
  user_id: string;
  email: string;
  language: string;
  display_name: string;
  inbox: boolean;
  digest: DigestFrequency;
}

/** Whether an event is recent enough to mail about; an imported one happened elsewhere and is never mailed about. */
export function withinWindow(mailer: NoticeMailer, event: Pick<StoredEvent, 'occurredAt' | 'metadata'>): boolean {
  return !isImported(event) && mailer.now() - Date.parse(event.occurredAt) <= mailer.windowMs;
}

/** The user with their e-mail settings, if they may be mailed now. */
export async function mailableRecipient(tx: Tx, userId: string): Promise<Recipient | undefined> {
  const { rows } = await sql<Recipient>`
    select a.user_id, a.email, a.language, a.display_name, coalesce(s.inbox, true) as inbox,
           coalesce(s.digest, 'off') as digest
    from actors a left join notification_settings s on s.user_id = a.user_id
    where a.user_id = ${userId} and ${MAILABLE}`.execute(tx);
  return rows[0];
}

export async function siteOf(tx: Tx, config: Pick<AgoraConfig, 'siteUrl'>) {
  const settings = await loadSiteSettings(tx, config.siteUrl);
  return {
    siteName: settings.general.name,
    siteUrl: settings.general.site_url || config.siteUrl,
    language: settings.interface.language,
  };
}

export async function actorName(tx: Tx, userId: string | null): Promise<string> {
  if (!userId) return '';
  const { rows } = await sql<{ display_name: string }>`
    select display_name from actors where user_id = ${userId}`.execute(tx);
  return rows[0]?.display_name ?? '';
}

/**
 * Mails one notice to one recipient, or keeps it for their digest. `dedupeKey` names the event and the
 * recipient: a replayed or redelivered event queues nothing twice.
 */
export async function deliverNotice(
  tx: Tx,
  mailer: NoticeMailer,
  notice: { dedupeKey: string; occurredAt: string; recipient: Recipient; item: NoticeItem; sources: MailSource[] },
): Promise<void> {
  const { recipient, item } = notice;
  if (recipient.digest !== 'off') {
    await sql`
      insert into digest_items (user_id, dedupe_key, payload, occurred_at)
      values (${recipient.user_id}, ${notice.dedupeKey}, ${JSON.stringify(item)}::jsonb, ${notice.occurredAt}::timestamptz)
      on conflict (dedupe_key) do nothing`.execute(tx);
    return;
  }
  const site = await siteOf(tx, mailer.config);
  const language = resolveLanguage(recipient.language || site.language);
  const code = await mailer.codes.sign(recipient.user_id, notice.sources, mailer.now());
  const mail = renderNoticeMail({
    language,
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    recipientName: recipient.display_name,
    unsubscribeUrl: unsubscribeLink(site.siteUrl, code),
    item,
  });
  const queued = await enqueueMail(tx, {
    dedupeKey: notice.dedupeKey,
    template: item.kind,
    language,
    recipient: recipient.email,
    userId: recipient.user_id,
    aboutUserIds: item.actorId ? [item.actorId] : [],
    ...mail,
  });
  if (queued) mailer.onQueued();
}

/**
 * An inbox notification that mails (the `inbox` e-mail setting): to the receiver, if they want it. The
 * item is made only then, since it takes a few reads.
 */
export async function queueInboxNotice(
  tx: Tx,
  mailer: NoticeMailer,
  event: Pick<StoredEvent, 'id' | 'occurredAt' | 'metadata'>,
  receiver: string,
  item: () => Promise<NoticeItem>,
): Promise<void> {
  if (!withinWindow(mailer, event)) return;
  const recipient = await mailableRecipient(tx, receiver);
  if (!recipient?.inbox) return;
  const notice = await item();
  await deliverNotice(tx, mailer, {
    dedupeKey: `${event.id}:${receiver}:${notice.kind}`,
    occurredAt: event.occurredAt,
    recipient,
    item: notice,
    sources: ['inbox'],
  });
}
