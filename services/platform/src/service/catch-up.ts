import { CatchUp } from '@agora/contracts';
import type { RawBuilder } from 'kysely';
import type { Logger } from 'pino';
import { Type } from 'typebox';
import type { CatchUpOptions, CaughtUpReading, EventBus, PublisherHandle } from '../bus/port';
import type { HttpApp } from '../http/app';
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
  ) {}

  attach(runner: ProjectionRunner, publisher: PublisherHandle): void {
    this.runner = runner;
    this.publisher = publisher;
  }

  /** Whether this service keeps the projection at all. */
  keeps(name: string): boolean {
    return this.runner?.names.includes(name) ?? false;
  }

  /** See ProjectionRunner.catchUp; `timeoutMs` defaults to the shared bound. */
  projection(name: string, options: Partial<CatchUpOptions> = {}): Promise<boolean> {
    if (!this.runner) return Promise.resolve(false);
    return this.runner.catchUp(name, { ...options, timeoutMs: options.timeoutMs ?? this.timeoutMs });
  }

  /** See ProjectionRunner.catchUpReading; `timeoutMs` defaults to the shared bound. */
  projectionReading<Row>(
    name: string,
    read: RawBuilder<Row>,
    options: Partial<CatchUpOptions> = {},
  ): Promise<CaughtUpReading<Row>> {
    if (!this.runner) return Promise.resolve({ caughtUp: false });
    return this.runner.catchUpReading(name, { ...options, timeoutMs: options.timeoutMs ?? this.timeoutMs }, read);
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
