import { randomUUID } from 'node:crypto';
import { type Db, errors, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import svgCaptcha from 'svg-captcha';

const CAPTCHA_LIFETIME_MS = 6 * 60 * 1000;

/** Behaviour §10a: which counter an action uses, and when it demands a captcha. */
const RULES = {
  email: { threshold: 0 },
  password: { threshold: 3 },
  edit_userinfo: { threshold: 3 },
} as const;
export type CaptchaAction = keyof typeof RULES;

/** `user/action/record?action=` names, as the client sends them. */
export const RECORD_ACTIONS: Record<string, CaptchaAction> = { login: 'password', e_mail: 'email', find_pass: 'email' };

const IDLE_RESET = "interval '6 minutes'";

export class Captchas {
  constructor(private readonly db: Db) {}

  /** A new image captcha (SVG as a data URL) whose answer is kept for 6 minutes. */
  async create(): Promise<{ captcha_id: string; captcha_img: string }> {
    const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true });
    const captchaId = randomUUID();
    await sql`insert into captchas (captcha_id, answer, expires_at)
              values (${captchaId}, ${text.toLowerCase()}, now() + ${CAPTCHA_LIFETIME_MS} * interval '1 millisecond')`.execute(
      this.db,
    );
    await sql`delete from captchas where expires_at < now() - interval '1 hour'`.execute(this.db);
    return { captcha_id: captchaId, captcha_img: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
  }

  /** Single use, case-insensitive. */
  async check(captchaId: string | undefined, code: string | undefined): Promise<boolean> {
    if (!captchaId || !code) return false;
    const { rows } = await sql<{ answer: string }>`
      delete from captchas where captcha_id = ${captchaId} and expires_at > now() returning answer`.execute(this.db);
    return rows[0]?.answer === code.trim().toLowerCase();
  }

  async hits(unit: string, action: CaptchaAction, tx?: Tx): Promise<number> {
    const { rows } = await sql<{ hits: number }>`
      select hits from action_records
      where unit = ${unit} and action = ${action} and last_at > now() - ${sql.raw(IDLE_RESET)}`.execute(tx ?? this.db);
    return rows[0]?.hits ?? 0;
  }

  /** Counts one attempt; a counter idle for 6 minutes starts again. */
  async record(unit: string, action: CaptchaAction): Promise<void> {
    await sql`
      insert into action_records (unit, action, hits, last_at) values (${unit}, ${action}, 1, now())
      on conflict (unit, action) do update set
        hits = case when action_records.last_at > now() - ${sql.raw(IDLE_RESET)} then action_records.hits + 1 else 1 end,
        last_at = now()`.execute(this.db);
  }

  async clear(unit: string, action: CaptchaAction): Promise<void> {
    await sql`delete from action_records where unit = ${unit} and action = ${action}`.execute(this.db);
  }

  async required(unit: string, action: CaptchaAction): Promise<boolean> {
    return (await this.hits(unit, action)) >= RULES[action].threshold;
  }

  /**
   * Refuses the request with a `captcha_code` field error when a captcha is due and not solved.
   * Returns the attempts counted so far.
   */
  async demand(unit: string, action: CaptchaAction, captchaId?: string, code?: string): Promise<number> {
    const hits = await this.hits(unit, action);
    if (hits < RULES[action].threshold) return hits;
    if (!code) throw errors.fields({ field: 'captcha_code', key: 'error.captcha.empty' });
    if (!(await this.check(captchaId, code)))
      throw errors.fields({ field: 'captcha_code', key: 'error.captcha.wrong' });
    return hits;
  }
}
