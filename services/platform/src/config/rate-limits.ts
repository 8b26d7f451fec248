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
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;
export type RateLimitSettings = Record<RateLimitName, RateLimit>;

const MAX_POINTS = 1_000_000;
const MAX_SECONDS = 7 * 24 * 3600;

function limitOf(raw: unknown): RateLimit {
  const [points, durationSeconds] =
    raw && typeof raw === 'object'
      ? [(raw as RateLimit).points, (raw as RateLimit).durationSeconds]
      : String(raw).trim().split('/').map(Number);
  if (
    !Number.isInteger(points) ||
    !Number.isInteger(durationSeconds) ||
    points! < 1 ||
    points! > MAX_POINTS ||
    durationSeconds! < 1 ||
    durationSeconds! > MAX_SECONDS
  ) {
    throw new Error(`must be points/seconds (1-${MAX_POINTS} per 1-${MAX_SECONDS} s), got ${JSON.stringify(raw)}`);
  }
  return { points: points!, durationSeconds: durationSeconds! };
}

/**
 * `name=points/seconds,...` (environment) or `{ "name": "points/seconds" | { points, durationSeconds } }`
 * (config file); the limits not named keep their defaults.
 */
export function parseRateLimits(raw: unknown): RateLimitSettings {
  const entries: [string, unknown][] =
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? Object.entries(raw)
      : String(raw ?? '')
          .split(',')
          .map((pair) => pair.trim())
          .filter(Boolean)
          .map((pair) => {
            const [name, value] = pair.split('=');
            if (!name || value === undefined) throw new Error('must be a list of name=points/seconds pairs');
            return [name.trim(), value];
          });
  const result: RateLimitSettings = { ...RATE_LIMIT_DEFAULTS };
  for (const [name, value] of entries) {
    if (!(name in RATE_LIMIT_DEFAULTS)) {
      throw new Error(`names an unknown limit ${name} (known: ${Object.keys(RATE_LIMIT_DEFAULTS).join(', ')})`);
    }
    result[name as RateLimitName] = limitOf(value);
  }
  return result;
}
