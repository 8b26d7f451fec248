import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { LogPosition } from '../../eventstore/types';

/** A group's position in one partition, kept in the consumer's database: the source of truth. */
export interface PartitionOffset {
  partition: number;
  /** The next Kafka offset to apply. */
  nextOffset: bigint;
  /** The newest event position applied from this partition (filters a relay's re-publication). */
  last: LogPosition;
}

interface OffsetRow {
  partition: number;
  next_offset: string;
  last_transaction_id: string;
  last_global_position: string;
}

const toOffset = (row: OffsetRow): PartitionOffset => ({
  partition: row.partition,
  nextOffset: BigInt(row.next_offset),
  last: { transactionId: row.last_transaction_id, globalPosition: row.last_global_position },
});

const COLUMNS = sql.raw(
  'partition, next_offset::text as next_offset, last_transaction_id::text as last_transaction_id, last_global_position::text as last_global_position',
);

/**
 * Locks the rows of the given partitions for this transaction, in partition order against deadlocks.
 * A missing row is first inserted as a placeholder (next_offset -1, never committed as such: the
 * caller saves every partition it locked), so that two members briefly owning one partition during a
 * rebalance queue up on the row instead of both applying the same messages. Placeholders are left out
 * of the returned map.
 */
export async function lockOffsets(
  tx: Tx,
  groupId: string,
  topic: string,
  partitions: number[],
): Promise<Map<number, PartitionOffset>> {
  const sorted = [...partitions].sort((a, b) => a - b);
  await sql`
    insert into kafka_offsets (group_id, topic, partition, next_offset, last_transaction_id, last_global_position)
    select ${groupId}, ${topic}, p, -1, '0'::xid8, 0 from unnest(${sorted}::int[]) as p
    order by p
    on conflict (group_id, topic, partition) do nothing`.execute(tx);
  const { rows } = await sql<OffsetRow>`
    select ${COLUMNS} from kafka_offsets
    where group_id = ${groupId} and topic = ${topic} and partition = any(${partitions}::int[])
    order by partition
    for update`.execute(tx);
  return new Map(rows.filter((row) => BigInt(row.next_offset) >= 0n).map((row) => [row.partition, toOffset(row)]));
}

export async function readOffsets(db: Db | Tx, groupId: string, topic: string): Promise<Map<number, PartitionOffset>> {
  const { rows } = await sql<OffsetRow>`
    select ${COLUMNS} from kafka_offsets
    where group_id = ${groupId} and topic = ${topic} and next_offset >= 0`.execute(db);
  return new Map(rows.map((row) => [row.partition, toOffset(row)]));
}

/** Stores the positions reached, in the transaction that applied the events. */
export async function saveOffsets(tx: Tx, groupId: string, topic: string, offsets: PartitionOffset[]): Promise<void> {
  if (offsets.length === 0) return;
  await sql`
    insert into kafka_offsets (group_id, topic, partition, next_offset, last_transaction_id, last_global_position, updated_at)
    select ${groupId}, ${topic}, o.partition, o.next_offset, o.txid::xid8, o.gpos, now()
    from unnest(${offsets.map((o) => o.partition)}::int[], ${offsets.map((o) => o.nextOffset.toString())}::bigint[],
                ${offsets.map((o) => o.last.transactionId)}::text[], ${offsets.map((o) => o.last.globalPosition)}::bigint[])
      as o(partition, next_offset, txid, gpos)
    on conflict (group_id, topic, partition) do update
      set next_offset = excluded.next_offset,
          last_transaction_id = excluded.last_transaction_id,
          last_global_position = excluded.last_global_position,
          updated_at = now()`.execute(tx);
}

export async function deleteOffsets(db: Db, groupId: string, topic: string): Promise<void> {
  await sql`delete from kafka_offsets where group_id = ${groupId} and topic = ${topic}`.execute(db);
}
