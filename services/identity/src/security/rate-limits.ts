import { errors, type ServiceDatabase } from '@agora/platform';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

interface Limit {
  points: number;
  durationSeconds: number;
}

/** Per IP and per account, shared by every identity replica through PostgreSQL. */
const LIMITS = {
  login_ip: { points: 30, durationSeconds: 600 },
  login_account: { points: 10, durationSeconds: 600 },
  register_ip: { points: 10, durationSeconds: 3600 },
  reset_ip: { points: 10, durationSeconds: 3600 },
  reset_account: { points: 3, durationSeconds: 3600 },
  mail_ip: { points: 20, durationSeconds: 3600 },
  mail_account: { points: 5, durationSeconds: 3600 },
} satisfies Record<string, Limit>;
export type LimitName = keyof typeof LIMITS;

export class RateLimits {
  private readonly limiters = new Map<LimitName, RateLimiterPostgres>();

  constructor(database: ServiceDatabase, overrides: Partial<Record<LimitName, Limit>> = {}) {
    for (const [name, limit] of Object.entries({ ...LIMITS, ...overrides }) as [LimitName, Limit][]) {
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

  /** Spends one point of each named limit; 429 in the envelope when any is used up. */
  async spend(...hits: [LimitName, string][]): Promise<void> {
    for (const [name, key] of hits) {
      try {
        await this.limiters.get(name)!.consume(key.toLowerCase());
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw errors.tooManyRequests();
        throw rejection;
      }
    }
  }
}
