import { CatchUp } from '@agora/contracts';
import type { RawBuilder } from 'kysely';
import type { Logger } from 'pino';
import { Type } from 'typebox';
import type { CatchUpOptions, CaughtUpReading, EventBus, PublisherHandle } from '../bus/port';
import type { HttpApp } from '../http/app';
import type { ApiError } from '../http/errors';
import { ProjectionBehindError } from '../http/unavailable';
import { mintedAt } from '../ids/id-generator';
import type { ProjectionRunner } from '../projections/runner';

/**
 * A service's waits for events that are on their way (docs/adr/0044-catching-up.md): for one of its
 * projections to apply what its source had committed, and, on Kafka, for its own relay to publish what
 * it committed. Bound to the runner and the relay once they start.
 */
export class CatchUps {
  private runner: ProjectionRunner | null = null;
  private publisher: PublisherHandle | null = null;

  constructor(
    private readonly log: Logger,
    /** The bound of every wait (config `catchUpMs`). */
    private readonly timeoutMs: number = CatchUp.timeoutMs,
    /** The bus: on Kafka a catch-up cannot see events its source committed and has not published yet. */
    private readonly bus: EventBus['kind'] = 'postgres',
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Whether an object this service has not heard of, after catching up, may still be on its way rather than
   * missing: on Kafka, while its id is recent (`CatchUp.unknownWhileMintedWithinMs`).
   */
  mayBeOnItsWay(objectId: string): boolean {
    if (this.bus !== 'kafka') return false;
    const minted = mintedAt(objectId);
    return minted !== undefined && this.now() - minted < CatchUp.unknownWhileMintedWithinMs;
  }

  attach(runner: ProjectionRunner, publisher: PublisherHandle): void {
    this.runner = runner;
    this.publisher = publisher;
  }

  /** Whether this service keeps the projection at all. */
  keeps(name: string): boolean {
    return this.runner?.names.includes(name) ?? false;
  }

  /**
   * The bounds of a wait: `timeoutMs` without the consumer moving (the shared bound by default), and the longer
   * `maxMs` in all while it moves (docs/adr/0092-ready-when-caught-up.md).
   */
  private bounds(options: Partial<CatchUpOptions>): CatchUpOptions {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    return { ...options, timeoutMs, maxMs: options.maxMs ?? Math.max(timeoutMs, CatchUp.maxMs) };
  }

  /** See ProjectionRunner.catchUp. */
  projection(name: string, options: Partial<CatchUpOptions> = {}): Promise<boolean> {
    if (!this.runner) return Promise.resolve(false);
    return this.runner.catchUp(name, this.bounds(options));
  }

  /**
   * A 503 for a command that could not wait for `projection` to apply what it depends on, logged as that (with how
   * far behind the projection is), not as an outage of the database.
   */
  async behind(projection: string, waitingFor: string): Promise<ApiError> {
    const lag = this.runner ? await this.runner.lagOf(projection).catch(() => null) : null;
    return new ProjectionBehindError(projection, waitingFor, lag);
  }

  /** See ProjectionRunner.catchUpReading; `timeoutMs` defaults to the shared bound. */
  projectionReading<Row>(
    name: string,
    read: RawBuilder<Row>,
    options: Partial<CatchUpOptions> = {},
  ): Promise<CaughtUpReading<Row>> {
    if (!this.runner) return Promise.resolve({ caughtUp: false });
    return this.runner.catchUpReading(name, this.bounds(options), read);
  }

  /** Whether what this service committed so far is on the bus (at once on the PostgreSQL log). */
  async published(timeoutMs = this.timeoutMs): Promise<boolean> {
    if (!this.publisher) return false;
    try {
      return await this.publisher.published(timeoutMs);
    } catch (error) {
      this.log.warn({ err: error }, 'could not tell whether the relay has published');
      return false;
    }
  }
}

const CatchUpBody = Type.Object({ projection: Type.String({ minLength: 1, maxLength: 100 }) });

/**
 * The internal catch-up route (the gateway's, not under a public prefix) and, on Kafka, replies to writes
 * held until the relay has published their events, so that a reply means other services can see them.
 */
export function registerCatchUp(app: HttpApp, catchUps: CatchUps, bus: EventBus['kind']): void {
  app.post(CatchUp.route, { config: { auth: 'none' }, schema: { hide: true, body: CatchUpBody } }, async (request) => {
    const { projection } = request.body as { projection: string };
    // A service that keeps no such copy has nothing to wait for.
    return { caught_up: catchUps.keeps(projection) ? await catchUps.projection(projection) : true };
  });
  if (bus !== 'kafka') return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || request.url.startsWith('/internal/')) return payload;
    // A logout is a GET (as the reference has it) that revokes a session.
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && !reply.hasHeader(CatchUp.sessionsChangedHeader)) return payload;
    await catchUps.published();
    return payload;
  });
}
