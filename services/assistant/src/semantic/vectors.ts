/** Vectors as PostgreSQL keeps them: little-endian float32 bytes, unit length, so a dot product is the cosine. */
export function encodeVector(vector: readonly number[]): Buffer {
  let norm = 0;
  for (const x of vector) norm += x * x;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  const bytes = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i++) bytes.writeFloatLE((vector[i] ?? 0) * scale, i * 4);
  return bytes;
}

export function decodeVector(bytes: Buffer): Float32Array {
  // A copy aligned for Float32Array (a pg Buffer may start at any offset of its pool).
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

/** Vectors as stored (float32 bytes each) packed one after the other into one array, as the vector worker takes them. */
export function packVectors(stored: readonly Uint8Array[], dims: number): Float32Array {
  const packed = new Float32Array(stored.length * dims);
  const bytes = new Uint8Array(packed.buffer);
  for (const [n, vector] of stored.entries()) bytes.set(vector.subarray(0, dims * 4), n * dims * 4);
  return packed;
}

/** The indexes of the `count` largest of `scores[0..length)`, largest first. */
export function topIndexes(scores: Float32Array, count: number, length = scores.length): number[] {
  const best: number[] = [];
  for (let i = 0; i < length; i++) {
    const score = scores[i] as number;
    if (best.length === count && score <= (scores[best[count - 1] as number] as number)) continue;
    let at = best.length;
    while (at > 0 && score > (scores[best[at - 1] as number] as number)) at--;
    best.splice(at, 0, i);
    if (best.length > count) best.pop();
  }
  return best;
}
