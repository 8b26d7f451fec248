import { resolveLanguage } from '@agora/contracts';
import { type AgoraConfig, type Db, type ServiceContext, type Tx, Wakeup } from '@agora/platform';
import { sql } from 'kysely';
import type { MailSource } from '../domain/settings/decider';
import { unsubscribeLink } from './links';
import { mailableRecipient, siteOf } from './notice-queue';
import { enqueueMail } from './outbox';
import { type NoticeItem, renderDigestMail } from './templates/notice';
import type { NoticeKind } from './templates/notice-copy';
import type { UnsubscribeCodes } from './unsubscribe-codes';

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_MS = { daily: DAY_MS, weekly: 7 * DAY_MS } as const;
/** Items already sent are kept this long, well past the mail window, so replays find them. */
const KEEP_SENT_MS = 30 * DAY_MS;

export interface DigestWorkerSettings {
  /** How often due digests are looked for. */
  intervalMs: number;
  /** The clock that decides when a digest is due (tests move it). */
  now: () => number;
}

export const DEFAULT_DIGEST_SETTINGS: DigestWorkerSettings = { intervalMs: 60_000, now: Date.now };

/** Which e-mail setting a kind of notice belongs to. */
export function sourceOfKind(kind: NoticeKind): MailSource {
  if (kind === 'new_question') return 'all_new_question';
  if (kind === 'new_question_tags') return 'followed_tags';
  return 'inbox';
}

interface Waiting {
  user_id: string;
  digest: 'off' | 'daily' | 'weekly';
  last_sent_at: Date | null;
  first_at: Date;
}

export interface DigestWorkerOptions {
  db: Db;
  config: Pick<AgoraConfig, 'siteUrl'>;
  log: ServiceContext['log'];
  codes: UnsubscribeCodes;
  onQueued: () => void;
  settings?: Partial<DigestWorkerSettings>;
}

/**
 * Turns the digest items of users who chose a daily or weekly digest into one mail per period: at most
 * one a day (or a week), with everything since the last. A user who switched the digest off gets what
 * waits at once. The mail is queued in the outbox and the items marked in one transaction, so each item
 * is mailed exactly once whatever crashes.
 */
export class DigestWorker {
  readonly settings: DigestWorkerSettings;
  private readonly wakeup = new Wakeup();
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly log: ServiceContext['log'];

  constructor(private readonly options: DigestWorkerOptions) {
    this.settings = { ...DEFAULT_DIGEST_SETTINGS, ...options.settings };
    this.log = options.log.child({ worker: 'digest' });
  }

  start(): void {
    if (this.running) return;
    this.stopped = false;
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeup.wake();
    await this.running;
    this.running = null;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.runOnce();
      } catch (error) {
        if (!this.stopped) this.log.error({ err: error }, 'digest pass failed; retrying at the next one');
      }
      await this.wakeup.wait(this.settings.intervalMs);
    }
  }

  /** One pass: queues every digest that is due. Returns how many it queued. */
  async runOnce(): Promise<number> {
    const now = this.settings.now();
    const { rows } = await sql<Waiting>`
      select i.user_id, coalesce(s.digest, 'off') as digest, d.last_sent_at, min(i.occurred_at) as first_at
      from digest_items i
      left join notification_settings s on s.user_id = i.user_id
      left join digest_state d on d.user_id = i.user_id
      where i.sent_at is null
      group by i.user_id, s.digest, d.last_sent_at`.execute(this.options.db);
    let queued = 0;
    for (const waiting of rows) {
      const since = (waiting.last_sent_at ?? waiting.first_at).getTime();
      if (waiting.digest !== 'off' && now - since < PERIOD_MS[waiting.digest]) continue;
      const sent = await this.options.db.transaction().execute((tx) => this.sendDigest(tx, waiting, now));
      if (sent) queued++;
    }
    await sql`delete from digest_items where sent_at < ${new Date(now - KEEP_SENT_MS)}`.execute(this.options.db);
    if (queued > 0) this.options.onQueued();
    return queued;
  }

  private async sendDigest(tx: Tx, waiting: Waiting, now: number): Promise<boolean> {
    const { rows: items } = await sql<{ item_id: string; payload: NoticeItem }>`
      select item_id::text, payload from digest_items
      where user_id = ${waiting.user_id} and sent_at is null
      order by item_id for update skip locked`.execute(tx);
    const last = items.at(-1);
    if (!last) return false;
    const sentAt = new Date(now);
    await sql`update digest_items set sent_at = ${sentAt} where item_id = any(${items.map((i) => i.item_id)}::bigint[])`.execute(
      tx,
    );
    const recipient = await mailableRecipient(tx, waiting.user_id);
    if (!recipient) return false;
    // What the user still wants now: an unsubscribe or a settings change also drops what waits.
    const { rows: wanted } = await sql<{ inbox: boolean; all_new_question: boolean; followed_tags: boolean }>`
      select inbox, all_new_question, followed_tags from notification_settings where user_id = ${waiting.user_id}`.execute(
      tx,
    );
    const settings = wanted[0] ?? { inbox: true, all_new_question: false, followed_tags: false };
    const kept = items.map((i) => i.payload).filter((item) => settings[sourceOfKind(item.kind)]);
    if (kept.length === 0) return false;
    const site = await siteOf(tx, this.options.config);
    const language = resolveLanguage(recipient.language || site.language);
    const sources = [...new Set(kept.map((item) => sourceOfKind(item.kind)))];
    const code = await this.options.codes.sign(waiting.user_id, sources, now);
    const mail = renderDigestMail({
      language,
      siteName: site.siteName,
      siteUrl: site.siteUrl,
      recipientName: recipient.display_name,
      unsubscribeUrl: unsubscribeLink(site.siteUrl, code),
      frequency: waiting.digest === 'weekly' ? 'weekly' : 'daily',
      items: kept,
    });
    await enqueueMail(tx, {
      dedupeKey: `digest:${waiting.user_id}:${last.item_id}`,
      template: 'digest',
      language,
      recipient: recipient.email,
      userId: waiting.user_id,
      aboutUserIds: [...new Set(kept.flatMap((item) => (item.actorId ? [item.actorId] : [])))],
      ...mail,
    });
    await sql`
      insert into digest_state (user_id, last_sent_at) values (${waiting.user_id}, ${sentAt})
      on conflict (user_id) do update set last_sent_at = excluded.last_sent_at`.execute(tx);
    return true;
  }
}
