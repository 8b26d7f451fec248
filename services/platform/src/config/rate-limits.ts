import { Limits } from '@agora/contracts';
import { CAPTCHA_RULES, type CaptchaAction, type CaptchaLimit, type CaptchaRule } from '../security/captcha';

/** At most `points` attempts per `durationSeconds`, counted per address or per account. */
export interface RateLimit {
  points: number;
  durationSeconds: number;
}

/**
 * Every rate limit Agora applies, with its default numbers (README "Rate limits"). Per address limits
 * count the client address the gateway saw: behind a proxy without `AGORA_TRUST_PROXY` every caller shares
 * the proxy's address, and one limit becomes the whole site's allowance.
 */
export const RATE_LIMIT_DEFAULTS = {
  /** Sign-in attempts from one address, right or wrong. */
  login_ip: { points: 30, durationSeconds: 600 },
  /** Wrong passwords for one account before every sign-in to it needs a captcha (never refused). */
  login_account_failures: { points: 10, durationSeconds: 600 },
  /** Registrations from one address. */
  register_ip: { points: 10, durationSeconds: 3600 },
  /** Password-reset mails asked for from one address, and for one account. */
  reset_ip: { points: 10, durationSeconds: 3600 },
  reset_account: { points: 3, durationSeconds: 3600 },
  /** Activation and e-mail-change mails asked for from one address, and by one account. */
  mail_ip: { points: 20, durationSeconds: 3600 },
  mail_account: { points: 5, durationSeconds: 3600 },
  /**
   * Account mails (activation, password reset, e-mail change) to one address, whoever asks for them, per hour and
   * per day; the address is normalised first (docs/adr/0090-mail-per-recipient.md).
   */
  mail_recipient_hour: { points: Limits.email.perRecipientHour, durationSeconds: 3600 },
  mail_recipient_day: { points: Limits.email.perRecipientDay, durationSeconds: 24 * 3600 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;
export type RateLimitSettings = Record<RateLimitName, RateLimit>;

const MAX_POINTS = 1_000_000;
const MAX_SECONDS = 7 * 24 * 3600;

/** A whole number within `min`..`max`: what every figure of a limit must be. */
function isWholeIn(value: unknown, min: number, max: number): value is number {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

function limitOf(raw: unknown): RateLimit {
  const [points, durationSeconds] =
    raw && typeof raw === 'object'
      ? [(raw as RateLimit).points, (raw as RateLimit).durationSeconds]
      : String(raw).trim().split('/').map(Number);
  if (!isWholeIn(points, 1, MAX_POINTS) || !isWholeIn(durationSeconds, 1, MAX_SECONDS)) {
    throw new Error(`must be points/seconds (1-${MAX_POINTS} per 1-${MAX_SECONDS} s), got ${JSON.stringify(raw)}`);
  }
  return { points, durationSeconds };
}

/** `name=value,...` from the environment, or a config file's object. */
export function namedEntries(raw: unknown, form: string): [string, unknown][] {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return Object.entries(raw);
  return String(raw ?? '')
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const [name, value] = pair.split('=');
      if (!name || value === undefined) throw new Error(`must be a list of name=${form} pairs`);
      return [name.trim(), value];
    });
}

/**
 * `name=points/seconds,...` (environment) or `{ "name": "points/seconds" | { points, durationSeconds } }`
 * (config file); the limits not named keep their defaults.
 */
export function parseRateLimits(raw: unknown): RateLimitSettings {
  const result: RateLimitSettings = { ...RATE_LIMIT_DEFAULTS };
  for (const [name, value] of namedEntries(raw, 'points/seconds')) {
    if (!(name in RATE_LIMIT_DEFAULTS)) {
      throw new Error(`names an unknown limit ${name} (known: ${Object.keys(RATE_LIMIT_DEFAULTS).join(', ')})`);
    }
    result[name as RateLimitName] = limitOf(value);
  }
  return result;
}

/** The captcha rules whose numbers may be configured: every rule of `CAPTCHA_RULES` but those that always ask. */
const CONFIGURABLE_CAPTCHAS = (Object.keys(CAPTCHA_RULES) as CaptchaAction[]).filter(
  (action) => !(CAPTCHA_RULES[action] as CaptchaRule).always,
);
export type CaptchaLimitSettings = Partial<Record<CaptchaAction, CaptchaLimit>>;

function captchaLimitOf(raw: unknown): CaptchaLimit {
  const [count, withinMs] =
    raw && typeof raw === 'object'
      ? [(raw as CaptchaLimit).count, (raw as CaptchaLimit).withinMs]
      : String(raw).trim().split('/').map(Number);
  if (!isWholeIn(count, 0, MAX_POINTS) || (withinMs !== undefined && !isWholeIn(withinMs, 0, 3_600_000))) {
    throw new Error(`must be count or count/milliseconds (0-${MAX_POINTS}, 0-3600000), got ${JSON.stringify(raw)}`);
  }
  return withinMs === undefined ? { count } : { count, withinMs };
}

/**
 * When a captcha is due per action (the numbers of `CAPTCHA_RULES` by default): `vote=100,question=10/5000`
 * (from the 100th vote; from the 10th ask, or an ask within 5,000 ms of the last) or the same as an object.
 */
export function parseCaptchaLimits(raw: unknown): CaptchaLimitSettings {
  const result: CaptchaLimitSettings = {};
  for (const [name, value] of namedEntries(raw, 'count[/milliseconds]')) {
    if (!CONFIGURABLE_CAPTCHAS.includes(name as CaptchaAction)) {
      throw new Error(`names an unknown action ${name} (known: ${CONFIGURABLE_CAPTCHAS.join(', ')})`);
    }
    result[name as CaptchaAction] = captchaLimitOf(value);
  }
  return result;
}
