import { sql } from 'kysely';
import type { Tx } from '../db/database';

/**
 * The advisory lock a consumer group's transaction holds while it applies a batch, on either bus: one batch
 * of a group is applied at a time across every replica (docs/adr/0080-one-batch-of-a-group-at-a-time.md).
 */
export function groupTurnKey(schema: string, group: string): string {
  return `agora:consumer:${schema}:${group}`;
}

/** Waits for the group's turn, held until the transaction ends. */
export async function takeGroupTurn(tx: Tx, schema: string, group: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${groupTurnKey(schema, group)}, 0))`.execute(tx);
}

/** Takes the group's turn if it is free: false when another replica's batch holds it. */
export async function tryGroupTurn(tx: Tx, schema: string, group: string): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`
    select pg_try_advisory_xact_lock(hashtextextended(${groupTurnKey(schema, group)}, 0)) as ok`.execute(tx);
  return rows[0]?.ok === true;
}
