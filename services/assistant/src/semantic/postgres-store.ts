import type { Db } from '@agora/platform';
import { sql } from 'kysely';
import type { SemanticHit, SemanticIndex } from './semantic-index';
import type { EmbeddedPost, VectorStore } from './vector-store';

/**
 * The vectors in PostgreSQL (embedded; docs/adr/0096-the-assistant-service.md, 0098): `semantic_vectors`, searched by
 * the SemanticIndex (exact while few, then the probed clusters' 8-bit codes rescored), each new vector coded into the
 * trained index's cluster as it is written.
 */
export class PostgresVectorStore implements VectorStore {
  readonly kind = 'postgres';

  constructor(private readonly index: SemanticIndex) {}

  nearest(model: string, query: Float32Array, limit: number): Promise<SemanticHit[]> {
    return this.index.nearest(model, query, limit);
  }

  async requeueOtherModels(db: Db, model: string): Promise<void> {
    await sql`
      insert into semantic_queue (object_id, queued_at)
      select object_id, now() from semantic_vectors where model <> ${model}
      on conflict (object_id) do nothing`.execute(db);
  }

  async save(
    db: Db,
    model: string,
    posts: EmbeddedPost[],
    gone: string[],
    dequeue: (tx: Db) => Promise<void>,
  ): Promise<void> {
    const ids = posts.map((p) => p.objectId);
    // Their clusters and codes under the trained index, if there is one (in the worker).
    const coded = await this.index.assign(
      model,
      posts.map((p) => p.vector),
    );
    await db.transaction().execute(async (tx) => {
      if (posts.length > 0) {
        await sql`
          insert into semantic_vectors (object_id, object_type, question_id, model, vector, updated_at)
          select o, t, q, ${model}, v, now()
          from unnest(${ids}::text[], ${posts.map((p) => p.objectType)}::text[],
                      ${posts.map((p) => p.questionId)}::text[], ${posts.map((p) => p.vector)}::bytea[])
            as i(o, t, q, v)
          on conflict (object_id) do update set object_type = excluded.object_type, question_id = excluded.question_id,
            model = excluded.model, vector = excluded.vector, updated_at = now()`.execute(tx);
      }
      await sql`delete from semantic_codes where object_id = any(${[...ids, ...gone]}::text[])`.execute(tx);
      if (coded) await this.index.writeCodes(tx, coded.generation, ids, coded.clusters, coded.codes);
      if (gone.length > 0) await sql`delete from semantic_vectors where object_id = any(${gone}::text[])`.execute(tx);
      await dequeue(tx);
    });
  }

  idle(model: string): Promise<boolean> {
    return this.index.trainIfDue(model);
  }

  /** Nothing of its own: the index's worker is stopped with the service. */
  async close(): Promise<void> {}
}
