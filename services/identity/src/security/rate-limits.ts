import { errors, type RateLimitName, type RateLimitSettings, type ServiceDatabase } from '@agora/platform';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Identity's rate limits (numbers from the configuration, `rateLimits`), per address or per account,
 * shared by every identity replica through PostgreSQL.
 */
export class RateLimits {
  private readonly limiters = new Map<RateLimitName, RateLimiterPostgres>();

  constructor(
    database: ServiceDatabase,
    private readonly settings: RateLimitSettings,
  ) {
    for (const [name, limit] of Object.entries(settings) as [RateLimitName, RateLimitSettings[RateLimitName]][]) {
      this.limiters.set(
        name,
        new RateLimiterPostgres({
          storeClient: database.pool,
          storeType: 'pool',
          schemaName: database.schema,
          tableName: 'rate_limits',
          tableCreated: true,
          keyPrefix: name,
          points: limit.points,
          duration: limit.durationSeconds,
        }),
      );
    }
  }

  private limiter(name: RateLimitName): RateLimiterPostgres {
    const limiter = this.limiters.get(name);
    if (!limiter) throw new Error(`no rate limit is named ${name}`);
    return limiter;
  }

  /** Spends one point of each named limit; 429 in the envelope when any is used up. */
  async spend(...hits: [RateLimitName, string][]): Promise<void> {
    if (!(await this.take(...hits))) throw errors.tooManyRequests();
  }

  /** Spends one point of each named limit in turn; false at the first that is used up (the rest are not spent). */
  async take(...hits: [RateLimitName, string][]): Promise<boolean> {
    for (const [name, key] of hits) {
      try {
        await this.limiter(name).consume(key.toLowerCase());
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return false;
        throw rejection;
      }
    }
    return true;
  }

  /** Counts one point against a limit without refusing anything (a wrong password, say). */
  async count(name: RateLimitName, key: string): Promise<void> {
    await this.limiter(name).penalty(key.toLowerCase(), 1);
  }

  /** Whether a limit's points for a key are used up in its current window. */
  async reached(name: RateLimitName, key: string): Promise<boolean> {
    const used = await this.limiter(name).get(key.toLowerCase());
    return (used?.consumedPoints ?? 0) >= this.settings[name].points;
  }
}
