/**
 * What the vector worker is asked and answers (vector-worker.ts, vector-jobs.ts): the sample, the vectors and the
 * answers' arrays are moved (transferred), not copied; the centroids of an assignment are copied.
 */
export type VectorJob =
  /** `k` centroids of the sample (unit vectors packed `dims` floats each), k-means seeded by `seed`. */
  | { kind: 'train'; sample: Float32Array; dims: number; k: number; seed: number }
  /** Each vector's nearest centroid and its 8-bit code (codes.ts). */
  | { kind: 'assign'; vectors: Float32Array; dims: number; centroids: Float32Array };

export type VectorJobResult<J extends VectorJob> = J extends { kind: 'train' }
  ? { centroids: Float32Array }
  : { clusters: Int32Array; codes: Uint8Array };

export interface VectorJobRequest {
  id: number;
  job: VectorJob;
}

/** A job's answer, with the thread that did it (the tests' proof that it was not the caller's). */
export type VectorJobReply =
  | { id: number; threadId: number; result: VectorJobResult<VectorJob> }
  | { id: number; threadId: number; error: string };
