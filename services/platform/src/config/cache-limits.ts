import { namedEntries } from './rate-limits';

/**
 * The bound of every cache a service keeps in memory (docs/adr/0049-memory.md), by name. Each is per service
 * (the embedded process holds one of each per service that has it).
 */
export const CACHE_LIMIT_DEFAULTS = {
  /** Query results kept until the read models change (posts' and tags' list pages, questions, answers). */
  read_entries: 5000,
  /** The serialised replies among them (kept as the bytes sent), in MB. */
  read_mb: 32,
  /** Votes' facts about the posts voted on. */
  post_facts: 20_000,
  /** Posts whose reactions votes keeps (who reacted with which emoji), and members whose names it keeps for their tooltips. */
  reactions: 20_000,
  /** Members whose session facts (role, status, revoked sessions) are kept. */
  sessions: 20_000,
  /** Members whose unread counters notifications keeps. */
  counters: 100_000,
} as const satisfies Record<string, number>;

export type CacheLimitName = keyof typeof CACHE_LIMIT_DEFAULTS;
export type CacheLimits = Record<CacheLimitName, number>;

const MAX_LIMIT = 10_000_000;

/**
 * `name=number,...` (environment, `AGORA_CACHE_LIMITS=read_entries=1000,read_mb=8`) or `{ "name": number }`
 * (config file); the limits not named keep their defaults. 0 keeps nothing.
 */
export function parseCacheLimits(raw: unknown): CacheLimits {
  const result: CacheLimits = { ...CACHE_LIMIT_DEFAULTS };
  for (const [name, value] of namedEntries(raw, 'number')) {
    if (!(name in CACHE_LIMIT_DEFAULTS)) {
      throw new Error(`names an unknown cache ${name} (known: ${Object.keys(CACHE_LIMIT_DEFAULTS).join(', ')})`);
    }
    const limit = typeof value === 'number' ? value : Number(String(value).trim());
    if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT) {
      throw new Error(`${name} must be a whole number from 0 to ${MAX_LIMIT}, got ${JSON.stringify(value)}`);
    }
    result[name as CacheLimitName] = limit;
  }
  return result;
}
