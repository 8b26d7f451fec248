import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '@agora/platform';
import { sql } from 'kysely';

export interface NewMail {
  /** Unique per mail: the id of the event that asked for it. */
  dedupeKey: string;
  template: string;
  language: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** The member it is for (null for a mail to an address, such as the SMTP test). */
  userId: string | null;
  /** The members it names (who answered, commented, asked): a purged one's name must not stay in it. */
  aboutUserIds?: string[];
}

export interface ClaimedMail {
  mailId: string;
  template: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** Attempts made before this one. */
  attempts: number;
  claimToken: string;
}

/** Queues a mail unless one with the same key was ever queued; true when this call queued it. */
export async function enqueueMail(tx: Tx, mail: NewMail): Promise<boolean> {
  const { rows } = await sql<{ mail_id: string }>`
    insert into mail_outbox (dedupe_key, template, language, recipient, subject, text_body, html_body, user_id,
                             about_user_ids)
    values (${mail.dedupeKey}, ${mail.template}, ${mail.language}, ${mail.recipient}, ${mail.subject},
            ${mail.text}, ${mail.html}, ${mail.userId}, ${mail.aboutUserIds ?? []}::text[])
    on conflict (dedupe_key) do nothing
    returning mail_id`.execute(tx);
  return rows.length > 0;
}

/**
 * Takes up to `limit` due mails for this worker in one short statement: `skip locked` lets replicas claim
 * side by side, and the lease (next_attempt_at moved to the future) keeps others off while it sends.
 * No transaction stays open during SMTP: a held xid would stall every gap-safe event reader (DESIGN §3).
 * A worker that dies mid-send leaves the row to be retried when its lease ends.
 */
export async function claimDueMails(db: Db, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
  const token = randomUUID();
  const { rows } = await sql<{
    mail_id: string;
    template: string;
    recipient: string;
    subject: string;
    text_body: string;
    html_body: string;
    attempts: number;
  }>`
    with due as (
      select mail_id from mail_outbox
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at, mail_id
      limit ${limit}
      for update skip locked
    )
    update mail_outbox m
      set claim_token = ${token}::uuid, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
    from due
    where m.mail_id = due.mail_id
    returning m.mail_id::text as mail_id, m.template, m.recipient, m.subject, m.text_body, m.html_body, m.attempts`.execute(
    db,
  );
  return rows
    .map((r) => ({
      mailId: r.mail_id,
      template: r.template,
      recipient: r.recipient,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      attempts: r.attempts,
      claimToken: token,
    }))
    .sort((a, b) => Number(BigInt(a.mailId) - BigInt(b.mailId)));
}

/** How long until the next pending mail falls due (0: one is due now), its lease or retry included; null: none. */
export async function nextDueInMs(db: Db): Promise<number | null> {
  const { rows } = await sql<{ ms: number | null }>`
    select (extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as ms
    from mail_outbox where status = 'pending'`.execute(db);
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Math.ceil(ms));
}

/** False when the lease was lost meanwhile (another worker took the row over). */
export async function markSent(db: Db, mail: ClaimedMail): Promise<boolean> {
  const result = await sql`
    update mail_outbox
      set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null, claim_token = null
    where mail_id = ${mail.mailId} and claim_token = ${mail.claimToken}::uuid`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Records a failed attempt: back to pending after `retryInMs`, or `failed` for good. */
export async function markAttemptFailed(
  db: Db,
  mail: ClaimedMail,
  error: string,
  next: { giveUp: boolean; retryInMs: number },
): Promise<boolean> {
  const result = await sql`
    update mail_outbox
      set attempts = attempts + 1,
          last_error = ${error.slice(0, 2000)},
          claim_token = null,
          status = ${next.giveUp ? 'failed' : 'pending'},
          next_attempt_at = now() + make_interval(secs => ${next.retryInMs / 1000})
    where mail_id = ${mail.mailId} and claim_token = ${mail.claimToken}::uuid`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}
