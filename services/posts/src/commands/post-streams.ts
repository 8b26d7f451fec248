import type { NewEvent } from '@agora/contracts';
import { type Decider, executeCommand, type ServiceContext, type StoredEvent, type Tx } from '@agora/platform';
import { applyPostsEvent, postsWritesInStatement } from '../projections/posts/read-model';

export interface StreamOptions {
  newStream?: boolean;
  /** More work in the append's transaction, after the read models (a purge's rewrite of the store). */
  alongside?: (tx: Tx, events: StoredEvent[]) => Promise<void>;
}

/**
 * How every posts command reaches its stream: load, decide, append, and apply the posts read models in
 * the same transaction (a new question in the append's own statement); this instance's cached reads
 * see the write at once (DESIGN §2).
 */
export class PostStreams {
  constructor(private readonly context: ServiceContext) {}

  async run<S, C, E extends NewEvent>(
    streamId: string,
    decider: Decider<S, C, E>,
    command: C,
    actorId: string,
    options: StreamOptions = {},
  ) {
    return (await this.runForResult(streamId, decider, command, actorId, options)).events;
  }

  /** `run`, with what the posts read models wrote in the append's own statement when a new post took that path. */
  async runForResult<S, C, E extends NewEvent>(
    streamId: string,
    decider: Decider<S, C, E>,
    command: C,
    actorId: string,
    options: StreamOptions,
  ) {
    const result = await executeCommand({
      newStream: options.newStream,
      projectInStatement: postsWritesInStatement,
      db: this.context.database.db,
      store: this.context.store,
      streamId,
      decider,
      command,
      metadata: { actorId },
      project: async (tx, stored) => {
        for (const event of stored) await applyPostsEvent(tx, event);
        await options.alongside?.(tx, stored);
      },
    });
    this.context.changes.changed();
    return result;
  }
}
