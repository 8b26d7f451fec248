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

/** The index of the nearest of `centroids` (largest dot product with unit vectors). */
export function nearest(vector: Float32Array, centroids: readonly Float32Array[]): number {
  let best = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < centroids.length; c++) {
    const score = dot(vector, centroids[c] as Float32Array);
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

/** k-means on the unit sphere (spherical k-means), seeded with k-means++, a fixed number of rounds. */
export function clusterVectors(
  vectors: readonly Float32Array[],
  k: number,
  rounds = 8,
  random = Math.random,
): Float32Array[] {
  const first = vectors[Math.floor(random() * vectors.length)] as Float32Array;
  const centroids: Float32Array[] = [Float32Array.from(first)];
  const distance = vectors.map((v) => 1 - dot(v, first));
  while (centroids.length < k) {
    const total = distance.reduce((a, b) => a + Math.max(b, 0), 0);
    let pick = random() * total;
    let index = 0;
    for (; index < vectors.length - 1 && pick > Math.max(distance[index] as number, 0); index++)
      pick -= Math.max(distance[index] as number, 0);
    const chosen = vectors[index] as Float32Array;
    centroids.push(Float32Array.from(chosen));
    for (let i = 0; i < vectors.length; i++)
      distance[i] = Math.min(distance[i] as number, 1 - dot(vectors[i] as Float32Array, chosen));
  }
  const dims = first.length;
  for (let round = 0; round < rounds; round++) {
    const sums = centroids.map(() => new Float64Array(dims));
    for (const vector of vectors) {
      const sum = sums[nearest(vector, centroids)] as Float64Array;
      for (let i = 0; i < dims; i++) sum[i] = (sum[i] as number) + (vector[i] as number);
    }
    for (let c = 0; c < centroids.length; c++) {
      const sum = sums[c] as Float64Array;
      let norm = 0;
      for (let i = 0; i < dims; i++) norm += (sum[i] as number) ** 2;
      if (norm === 0) continue;
      const scale = 1 / Math.sqrt(norm);
      const centroid = centroids[c] as Float32Array;
      for (let i = 0; i < dims; i++) centroid[i] = (sum[i] as number) * scale;
    }
  }
  return centroids;
}
