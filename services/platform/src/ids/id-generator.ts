import { formatObjectId, isObjectId, type ObjectTypeName } from '@agora/contracts';
import { type RawBuilder, sql } from 'kysely';
import type pg from 'pg';

/** 41 bits of milliseconds since 2025-01-01, 10 bits of node, 12 bits of sequence within a millisecond. */
const EPOCH_MS = 1_735_689_600_000;
const NODE_BITS = 10n;
const SEQUENCE_BITS = 12n;
export const MAX_NODES = 1 << Number(NODE_BITS);
const MAX_SEQUENCE = (1 << Number(SEQUENCE_BITS)) - 1;

/**
 * Time-ordered unique ids without a central sequence (DESIGN §5). Uniqueness holds per node id; the
 * node id is leased from the service's database so that two replicas never share one.
 */
export class IdGenerator {
  private lastMs = 0;
  private sequence = 0;

  constructor(
    private readonly nodeId: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(nodeId) || nodeId < 0 || nodeId >= MAX_NODES) throw new Error(`Invalid node id ${nodeId}`);
  }

  nextNumber(): bigint {
    let ms = Math.max(this.now() - EPOCH_MS, this.lastMs);
    if (ms === this.lastMs) {
      this.sequence = (this.sequence + 1) & MAX_SEQUENCE;
      // The 4,096 ids of this millisecond are used up: borrow the next millisecond.
      if (this.sequence === 0) ms += 1;
    } else {
      this.sequence = 0;
    }
    this.lastMs = ms;
    return (BigInt(ms) << (NODE_BITS + SEQUENCE_BITS)) | (BigInt(this.nodeId) << SEQUENCE_BITS) | BigInt(this.sequence);
  }

  next(type: ObjectTypeName): string {
    return formatObjectId(type, this.nextNumber());
  }
}

/** When an id of ours was minted (ms since 1970), or undefined for a string that is not one of our ids. */
export function mintedAt(id: string): number | undefined {
  if (!isObjectId(id)) return undefined;
  return Number(BigInt(id.slice(4)) >> (NODE_BITS + SEQUENCE_BITS)) + EPOCH_MS;
}

export interface NodeLease {
  nodeId: number;
  /** The server process of the connection holding the lease: while it holds it, this process is alive. */
  holderPid: number;
  release(): Promise<void>;
}

/**
 * Whether the process that leased `node` on the connection of server process `pid` still holds it: a lease held by
 * pg_try_advisory_lock(int, int) shows in pg_locks with the slot as its objid and objsubid 2. It ends when that
 * connection drops (the process died), so a killed replica's lease is gone at once.
 */
export function leaseHeld(pid: RawBuilder<unknown>, node: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`exists (
    select 1 from pg_locks
    where locktype = 'advisory' and pid = ${pid} and objid = ${node}::oid and objsubid = 2 and granted
  )`;
}

/**
 * Takes a free node slot with a session advisory lock held on a dedicated connection for the life of
 * the process; a crashed process's slot frees itself when its connection drops.
 */
export async function leaseNodeId(pool: pg.Pool, scope: string): Promise<NodeLease> {
  const client = await pool.connect();
  // A checked-out client reports a lost connection (a database restart, or Ctrl-C reaching the embedded
  // server first) as an 'error' event; unheard, it would end the process.
  client.on('error', () => {});
  const start = Math.floor(Math.random() * MAX_NODES);
  for (let i = 0; i < MAX_NODES; i++) {
    const slot = (start + i) % MAX_NODES;
    const { rows } = await client.query<{ ok: boolean; pid: number }>(
      'select pg_try_advisory_lock(hashtext($1), $2) as ok, pg_backend_pid() as pid',
      [`agora:node:${scope}`, slot],
    );
    if (rows[0]?.ok) {
      return {
        nodeId: slot,
        holderPid: rows[0].pid,
        async release() {
          await client
            .query('select pg_advisory_unlock(hashtext($1), $2)', [`agora:node:${scope}`, slot])
            .catch(() => {});
          client.release();
        },
      };
    }
  }
  client.release();
  throw new Error(`No free id node slot for ${scope}: ${MAX_NODES} processes already hold one`);
}
