import { Partitioners } from 'kafkajs';

/** The next offset to apply, per partition. */
export type NextOffsets = ReadonlyMap<number, bigint>;

const defaultPartitioner = Partitioners.DefaultPartitioner();

/** The partition the relay's producer (kafkajs' default, Java-compatible murmur2 partitioner) sends a key to. */
export function partitionOfKey(key: string, partitions: number): number {
  return defaultPartitioner({
    topic: '',
    partitionMetadata: Array.from({ length: partitions }, (_, partitionId) => ({
      partitionId,
      leader: 0,
      replicas: [0],
      isr: [0],
      offlineReplicas: [],
      partitionErrorCode: 0,
    })),
    message: { key, value: null },
  });
}

/** Offsets after `update` committed on top of `current`: per partition, the further one. */
export function laterOffsets(current: NextOffsets, update: NextOffsets): NextOffsets {
  const merged = new Map(current);
  for (const [partition, next] of update) if (next > (merged.get(partition) ?? -1n)) merged.set(partition, next);
  return merged;
}

/** Whether `after` is further than `before` on some partition. */
export function offsetsMoved(before: NextOffsets, after: NextOffsets): boolean {
  for (const [partition, next] of after) if (next > (before.get(partition) ?? -1n)) return true;
  return false;
}

/** Whether every partition of `target` has been applied up to its offset. */
export function offsetsReached(offsets: NextOffsets, target: NextOffsets): boolean {
  for (const [partition, next] of target) if ((offsets.get(partition) ?? -1n) < next) return false;
  return true;
}
