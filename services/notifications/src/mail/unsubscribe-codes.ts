import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { seconds } from '@agora/contracts';
import { type Db, first } from '@agora/platform';
import { sql } from 'kysely';
import type { MailSource } from '../domain/settings/decider';

/** How long an unsubscribe link works: mail is often read days later (docs/behaviour-decisions.md). */
export const UNSUBSCRIBE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const BITS: Record<MailSource, number> = { inbox: 1, all_new_question: 2, followed_tags: 4 };
const CODE = /^(\d{1,40})\.([1-7])\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

/**
 * One-click unsubscribe codes: `<user id>.<sources>.<expiry>.<signature>`, signed with this installation's
 * key (HMAC-SHA256), so a code needs no table and cannot be forged or pointed at another user.
 */
export class UnsubscribeCodes {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Reads (or makes) the key once, at start: signing happens inside projection transactions, which must not
   * wait for a second connection of the pool while holding one and their lock group.
   */
  async load(): Promise<void> {
    await this.secret();
  }

  private secret(): Promise<Buffer> {
    this.key ??= (async () => {
      await sql`insert into notification_secrets (name, secret) values ('unsubscribe', ${randomBytes(32).toString('base64')})
                on conflict (name) do nothing`.execute(this.db);
      const { rows } = await sql<{ secret: string }>`
        select secret from notification_secrets where name = 'unsubscribe'`.execute(this.db);
      return Buffer.from(first(rows, 'the unsubscribe secret').secret, 'base64');
    })().catch((error) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  private async signature(payload: string): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(payload)
      .digest('base64url')
      .slice(0, 22);
  }

  async sign(userId: string, sources: MailSource[], now = Date.now()): Promise<string> {
    const mask = sources.reduce((sum, source) => sum | BITS[source], 0);
    const payload = `${userId}.${mask}.${seconds(now + UNSUBSCRIBE_LIFETIME_MS)}`;
    return `${payload}.${await this.signature(payload)}`;
  }

  /** The user and the sources a code turns off, or null when it is forged, mangled or expired. */
  async verify(code: string, now = Date.now()): Promise<{ userId: string; sources: MailSource[] } | null> {
    const match = CODE.exec(code.trim());
    if (!match) return null;
    const [, userId, mask, expiry, given] = match as unknown as [string, string, string, string, string];
    const expected = Buffer.from(await this.signature(`${userId}.${mask}.${expiry}`));
    const actual = Buffer.from(given);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    if (Number(expiry) * 1000 < now) return null;
    const sources = (Object.keys(BITS) as MailSource[]).filter((s) => Number(mask) & BITS[s]);
    return { userId, sources };
  }
}
