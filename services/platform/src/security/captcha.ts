import { randomUUID } from 'node:crypto';
import { PluginLimits, Role } from '@agora/contracts';
import { sql } from 'kysely';
import type { Actor } from '../auth/actor';
import type { Db } from '../db/database';
import { errors } from '../http/errors';

const CAPTCHA_LIFETIME_MS = 6 * 60 * 1000;
const IDLE_RESET = "interval '6 minutes'";

export interface CaptchaRule {
  /** Whose attempts count: the caller's address, the signed-in user, or the user else the address. */
  unit: 'ip' | 'user' | 'user_or_ip';
  /** A captcha is due from this many attempts on (0: always). */
  count: number;
  /** ...or when the previous attempt was at most this long ago. */
  withinMs?: number;
  /** Who never sees one: staff (admins and moderators) or admins only. */
  exempt?: 'staff' | 'admin';
  /** Due even while the site's captchas are off: a safeguard of the service, not a site option. */
  always?: boolean;
}

/** When a captcha is due for each action, by the action names of `user/action/record`. */
export const CAPTCHA_RULES = {
  email: { unit: 'ip', count: 0 },
  password: { unit: 'ip', count: 3 },
  edit_userinfo: { unit: 'user', count: 3 },
  question: { unit: 'user', count: 10, withinMs: 5000, exempt: 'staff' },
  answer: { unit: 'user', count: 10, withinMs: 5000, exempt: 'staff' },
  comment: { unit: 'user', count: 30, withinMs: 1000, exempt: 'staff' },
  edit: { unit: 'user', count: 10, exempt: 'staff' },
  invitation_answer: { unit: 'user', count: 30, exempt: 'staff' },
  search: { unit: 'user_or_ip', count: 20 },
  report: { unit: 'user', count: 30, withinMs: 1000, exempt: 'staff' },
  delete: { unit: 'user', count: 5, withinMs: 5000, exempt: 'staff' },
  vote: { unit: 'user', count: 40, exempt: 'staff' },
  /**
   * Signing in to an account that has had too many wrong passwords (rate limit `login_account_failures`):
   * the caller is marked and must solve a captcha, instead of the owner being refused
   * (docs/adr/0042-token-checks-and-login-limits.md).
   */
  login_guard: { unit: 'ip', count: 1, always: true },
} as const satisfies Record<string, CaptchaRule>;
export type CaptchaAction = keyof typeof CAPTCHA_RULES;
export type CaptchaRules = Record<CaptchaAction, CaptchaRule>;

/** A rule's numbers, as the configuration may set them (`captchaLimits`). */
export type CaptchaLimit = Pick<CaptchaRule, 'count' | 'withinMs'>;

/** `CAPTCHA_RULES` with the configured numbers in place of the reference's. */
export function captchaRulesWith(limits: Partial<Record<CaptchaAction, CaptchaLimit>>): CaptchaRules {
  const rules: CaptchaRules = { ...CAPTCHA_RULES };
  for (const [action, limit] of Object.entries(limits) as [CaptchaAction, CaptchaLimit][]) {
    rules[action] = { ...rules[action], ...limit };
  }
  return rules;
}

/** How a captcha is drawn: the captcha plugin's settings (docs/adr/0073-built-in-plugins.md). */
export interface CaptchaLook {
  characters: number;
  noise: number;
}
export const DEFAULT_CAPTCHA_LOOK: CaptchaLook = {
  characters: PluginLimits.captchaCharactersDefault,
  noise: PluginLimits.captchaNoiseDefault,
};

/** Who is acting: the signed-in actor if any, and the address the request came from. */
export interface Caller {
  actor: Actor | null;
  ip: string;
}

/**
 * Image captchas and the per-action attempt counters that decide when one is due.
 * Each service keeps both in its own schema for the actions it owns; counters idle for 6 minutes
 * start again.
 */
export class Captchas {
  /** `enabled`: whether the site has captchas switched on (site security settings); off, none is ever due. */
  constructor(
    private readonly db: Db,
    private readonly enabled: () => Promise<boolean>,
    private readonly rules: CaptchaRules = CAPTCHA_RULES,
    private readonly look: () => Promise<CaptchaLook> = async () => DEFAULT_CAPTCHA_LOOK,
  ) {}

  /** A new image captcha (SVG as a data URL) whose answer is kept for 6 minutes. */
  async create(): Promise<{ captcha_id: string; captcha_img: string }> {
    // Loaded with the first captcha (its font included): most processes never draw one.
    const { default: svgCaptcha } = await import('svg-captcha');
    const { characters, noise } = await this.look();
    const { text, data } = svgCaptcha.create({ size: characters, noise, ignoreChars: '0oO1ilI', color: true });
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

  /** The counter's unit for a caller, or null when the caller is exempt from the action's captcha. */
  unitOf(caller: Caller | string, action: CaptchaAction): string | null {
    if (typeof caller === 'string') return caller;
    const rule = this.rules[action];
    const role = caller.actor?.roleId;
    if (rule.exempt === 'staff' && (role === Role.admin || role === Role.moderator)) return null;
    if (rule.exempt === 'admin' && role === Role.admin) return null;
    if (rule.unit === 'ip' || !caller.actor) return `ip:${caller.ip}`;
    return `user:${caller.actor.id}`;
  }

  private async active(action: CaptchaAction): Promise<boolean> {
    return this.rules[action].always === true || (await this.enabled());
  }

  private async counter(unit: string, action: CaptchaAction) {
    const { rows } = await sql<{ hits: number; recent: boolean }>`
      select hits, last_at > now() - ${this.rules[action].withinMs ?? 0} * interval '1 millisecond' as recent
      from action_records
      where unit = ${unit} and action = ${action} and last_at > now() - ${sql.raw(IDLE_RESET)}`.execute(this.db);
    return rows[0] ?? { hits: 0, recent: false };
  }

  async hits(caller: Caller | string, action: CaptchaAction): Promise<number> {
    const unit = this.unitOf(caller, action);
    return unit ? (await this.counter(unit, action)).hits : 0;
  }

  /** Counts one attempt. */
  async record(caller: Caller | string, action: CaptchaAction): Promise<void> {
    const unit = this.unitOf(caller, action);
    // While captchas are off nothing is demanded, so counting would only cost every request a write.
    if (!unit || !(await this.active(action))) return;
    await sql`
      insert into action_records (unit, action, hits, last_at) values (${unit}, ${action}, 1, now())
      on conflict (unit, action) do update set
        hits = case when action_records.last_at > now() - ${sql.raw(IDLE_RESET)} then action_records.hits + 1 else 1 end,
        last_at = now()`.execute(this.db);
  }

  async clear(caller: Caller | string, action: CaptchaAction): Promise<void> {
    const unit = this.unitOf(caller, action);
    if (unit) await sql`delete from action_records where unit = ${unit} and action = ${action}`.execute(this.db);
  }

  async required(caller: Caller | string, action: CaptchaAction): Promise<boolean> {
    const unit = this.unitOf(caller, action);
    if (!unit || !(await this.active(action))) return false;
    const { hits, recent } = await this.counter(unit, action);
    return hits >= this.rules[action].count || (hits > 0 && recent);
  }

  /**
   * Refuses the request with a `captcha_code` field error when a captcha is due and not solved.
   * Returns the attempts counted so far.
   */
  async demand(caller: Caller | string, action: CaptchaAction, captchaId?: string, code?: string): Promise<number> {
    const unit = this.unitOf(caller, action);
    if (!unit || !(await this.active(action))) return 0;
    const { hits, recent } = await this.counter(unit, action);
    if (hits < this.rules[action].count && !(hits > 0 && recent)) return hits;
    if (!code) throw errors.fields({ field: 'captcha_code', key: 'error.captcha.empty' });
    if (!(await this.check(captchaId, code)))
      throw errors.fields({ field: 'captcha_code', key: 'error.captcha.wrong' });
    return hits;
  }
}
