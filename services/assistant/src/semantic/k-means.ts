/**
 * Spherical k-means over unit vectors packed in one Float32Array (`dims` floats each), and the nearest centroid of
 * each vector: the index's training and assignment, run in the vector worker (vector-worker.ts), never on the thread
 * that answers requests (docs/adr/0096-the-assistant-service.md).
 */

/** Rounds of Lloyd's iteration after the k-means++ seeding. */
export const TRAINING_ROUNDS = 8;

/** A seeded generator (mulberry32): a training is replayed by its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The dot product of the vector at `a[ao..]` and the one at `b[bo..]`, four sums at a time. */
export function dotAt(a: Float32Array, ao: number, b: Float32Array, bo: number, dims: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < dims; i += 4) {
    s0 += (a[ao + i] as number) * (b[bo + i] as number);
    s1 += (a[ao + i + 1] as number) * (b[bo + i + 1] as number);
    s2 += (a[ao + i + 2] as number) * (b[bo + i + 2] as number);
    s3 += (a[ao + i + 3] as number) * (b[bo + i + 3] as number);
  }
  for (; i < dims; i++) s0 += (a[ao + i] as number) * (b[bo + i] as number);
  return s0 + s1 + s2 + s3;
}

/**
 * The nearest centroid of each vector (the largest dot product), into `into`. Four centroids per pass over a vector,
 * so that each of its values is read once for four products.
 */
export function nearestCentroids(
  vectors: Float32Array,
  dims: number,
  centroids: Float32Array,
  into = new Int32Array(vectors.length / dims),
): Int32Array {
  const n = vectors.length / dims;
  const k = centroids.length / dims;
  for (let v = 0; v < n; v++) {
    const vo = v * dims;
    let best = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    let c = 0;
    for (; c + 3 < k; c += 4) {
      const c0 = c * dims;
      const c1 = c0 + dims;
      const c2 = c1 + dims;
      const c3 = c2 + dims;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let i = 0; i < dims; i++) {
        const x = vectors[vo + i] as number;
        s0 += x * (centroids[c0 + i] as number);
        s1 += x * (centroids[c1 + i] as number);
        s2 += x * (centroids[c2 + i] as number);
        s3 += x * (centroids[c3 + i] as number);
      }
      if (s0 > bestScore) {
        bestScore = s0;
        best = c;
      }
      if (s1 > bestScore) {
        bestScore = s1;
        best = c + 1;
      }
      if (s2 > bestScore) {
        bestScore = s2;
        best = c + 2;
      }
      if (s3 > bestScore) {
        bestScore = s3;
        best = c + 3;
      }
    }
    for (; c < k; c++) {
      const score = dotAt(vectors, vo, centroids, c * dims, dims);
      if (score > bestScore) {
        bestScore = score;
        best = c;
      }
    }
    into[v] = best;
  }
  return into;
}

/**
 * `k` centroids of the `sample` (unit vectors, `dims` floats each): seeded by k-means++ (each next seed drawn with
 * probability by its distance to the nearest seed so far), then `rounds` of assignment and renormalised means. A
 * cluster left empty keeps its centroid.
 */
export function trainCentroids(
  sample: Float32Array,
  dims: number,
  wanted: number,
  seed: number,
  rounds = TRAINING_ROUNDS,
): Float32Array {
  const n = sample.length / dims;
  const k = Math.min(wanted, n);
  const random = seededRandom(seed);
  const centroids = new Float32Array(k * dims);
  const distance = new Float64Array(n);
  const first = Math.floor(random() * n);
  centroids.set(sample.subarray(first * dims, (first + 1) * dims), 0);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const d = Math.max(0, 1 - dotAt(sample, i * dims, centroids, 0, dims));
    distance[i] = d;
    total += d;
  }
  for (let c = 1; c < k; c++) {
    let pick = random() * total;
    let index = 0;
    for (; index < n - 1 && pick > (distance[index] as number); index++) pick -= distance[index] as number;
    centroids.set(sample.subarray(index * dims, (index + 1) * dims), c * dims);
    total = 0;
    for (let i = 0; i < n; i++) {
      const d = Math.max(0, 1 - dotAt(sample, i * dims, centroids, c * dims, dims));
      if (d < (distance[i] as number)) distance[i] = d;
      total += distance[i] as number;
    }
  }
  const assigned = new Int32Array(n);
  const sums = new Float64Array(k * dims);
  for (let round = 0; round < rounds; round++) {
    nearestCentroids(sample, dims, centroids, assigned);
    sums.fill(0);
    for (let i = 0; i < n; i++) {
      const so = (assigned[i] as number) * dims;
      const vo = i * dims;
      for (let d = 0; d < dims; d++) sums[so + d] = (sums[so + d] as number) + (sample[vo + d] as number);
    }
    for (let c = 0; c < k; c++) {
      const co = c * dims;
      let norm = 0;
      for (let d = 0; d < dims; d++) norm += (sums[co + d] as number) ** 2;
      if (norm === 0) continue;
      const scale = 1 / Math.sqrt(norm);
      for (let d = 0; d < dims; d++) centroids[co + d] = (sums[co + d] as number) * scale;
    }
  }
  return centroids;
}
