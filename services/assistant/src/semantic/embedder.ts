import { type ServiceContext, Wakeup } from '@agora/platform';
import { sql } from 'kysely';
import { problemText, providerClient, providerProblem } from '../ai/provider-client';
import { chosenProvider } from '../queries/ai-settings';
import { semanticDocuments } from './documents';
import { embedTexts } from './embeddings';
import type { VectorStore } from './vector-store';
import { encodeVector } from './vectors';

/** Posts embedded per call to the provider. */
const BATCH = 32;
/** How long the embedder waits after a provider failure, and at most between two looks at an idle queue. */
const BACKOFF_MS = 30_000;
/** One embedder at a time across replicas (a PostgreSQL advisory lock of this service's). */
const EMBEDDER_LOCK = 96_001;

/**
 * Embeds what the library queued (docs/adr/0096-the-assistant-service.md): batches of posts' documents sent to the
 * provider's embeddings endpoint outside any projection's transaction (a call takes as long as the provider likes),
 * their vectors stored (in PostgreSQL or OpenSearch, docs/adr/0100-semantic-vectors-in-opensearch.md), the queue
 * entries they answer removed unless queued again meanwhile. A change of embedding model queues every post again.
 * Without a provider it waits, and everything else works.
 */
export class Embedder {
  private stopped = false;
  private readonly wakeup = new Wakeup();
  private running: Promise<void> | null = null;
  private lastModel: string | null = null;
  /** Posts embedded so far (the benchmark reads it). */
  embedded = 0;

  constructor(
    private readonly context: ServiceContext,
    private readonly vectorStore: () => Promise<VectorStore>,
  ) {}

  start(): void {
    this.context.changes.topic('semantic-queue').onChange(() => this.wakeup.wake());
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeup.wake();
    await this.running;
  }

  /** Wakes the embedder now (the AI settings changed). */
  nudge(): void {
    this.wakeup.wake();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let worked = false;
      try {
        worked = await this.step();
      } catch (error) {
        this.context.log.warn(
          { err: error },
          `semantic search: embedding failed (${problemText(providerProblem(error), 'en_US')})`,
        );
        await this.wakeup.wait(BACKOFF_MS);
        continue;
      }
      if (!worked && !this.stopped) await this.wakeup.wait(BACKOFF_MS);
    }
  }

  /** One batch; false when there was nothing to do (or no provider to do it with). */
  async step(): Promise<boolean> {
    const db = this.context.database.db;
    const access = await chosenProvider(db);
    if (!access?.embeddingModel) return false;
    const model = access.embeddingModel;
    const store = await this.vectorStore();
    return db.connection().execute(async (connection) => {
      const { rows: locked } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${EMBEDDER_LOCK}) as ok`.execute(
        connection,
      );
      if (!locked[0]?.ok) return false;
      try {
        if (this.lastModel !== model) {
          await store.requeueOtherModels(connection, model);
          this.lastModel = model;
        }
        // The time as text: a Date would drop its microseconds, and the entry would never match to be taken off.
        const { rows: queued } = await sql<{ object_id: string; queued_at: string }>`
          select object_id, queued_at::text as queued_at from semantic_queue order by 2, 1 limit ${BATCH}`.execute(
          connection,
        );
        if (queued.length === 0) return store.idle(model);
        const { documents, gone } = await semanticDocuments(
          connection,
          queued.map((q) => q.object_id),
        );
        const vectors =
          documents.length > 0
            ? await embedTexts(
                providerClient(access.apiHost, access.apiKey),
                model,
                documents.map((d) => d.text),
              )
            : [];
        const posts = documents.map((d, i) => ({
          objectId: d.objectId,
          objectType: d.objectType,
          questionId: d.questionId,
          vector: encodeVector(vectors[i] ?? []),
        }));
        // Taken off the queue unless queued again while being embedded.
        await store.save(connection, model, posts, gone, async (tx) => {
          await sql`
            delete from semantic_queue s using unnest(${queued.map((q) => q.object_id)}::text[],
                                                      ${queued.map((q) => q.queued_at)}::timestamptz[]) as t(o, at)
            where s.object_id = t.o and s.queued_at <= t.at`.execute(tx);
        });
        this.embedded += documents.length;
        return true;
      } finally {
        await sql`select pg_advisory_unlock(${EMBEDDER_LOCK})`.execute(connection);
      }
    });
  }
}
