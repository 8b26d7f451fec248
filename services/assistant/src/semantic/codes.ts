/**
 * Vectors as the clustered index reads them (docs/adr/0096-the-assistant-service.md): 8-bit codes, a quarter of a
 * float32 vector's bytes, scored against a float32 query; the best few are scored again on their float32 vectors.
 * A code is its scale (float32, little-endian: the largest magnitude over 127) and one signed byte per dimension.
 */

const SCALE_BYTES = 4;

/** The bytes of one code of a `dims`-dimensional vector. */
export function codeBytes(dims: number): number {
  return SCALE_BYTES + dims;
}

/** The codes of the vectors packed in `vectors` (`dims` floats each), one after the other. */
export function encodeCodes(vectors: Float32Array, dims: number): Uint8Array {
  const n = vectors.length / dims;
  const size = codeBytes(dims);
  const codes = new Uint8Array(n * size);
  const view = new DataView(codes.buffer);
  const values = new Int8Array(codes.buffer);
  for (let v = 0; v < n; v++) {
    const vo = v * dims;
    let largest = 0;
    for (let i = 0; i < dims; i++) largest = Math.max(largest, Math.abs(vectors[vo + i] as number));
    const scale = largest / 127;
    const at = v * size;
    view.setFloat32(at, scale, true);
    if (scale === 0) continue;
    for (let i = 0; i < dims; i++) values[at + SCALE_BYTES + i] = Math.round((vectors[vo + i] as number) / scale);
  }
  return codes;
}

/**
 * The approximate dot products of `query` with the codes packed in `codes` (as read: any offset of any buffer), into
 * `into` from `at` on; how many codes there were.
 */
export function scoreCodes(query: Float32Array, codes: Uint8Array, into: Float32Array, at: number): number {
  const dims = query.length;
  const size = codeBytes(dims);
  const n = Math.floor(codes.length / size);
  const view = new DataView(codes.buffer, codes.byteOffset, codes.byteLength);
  const values = new Int8Array(codes.buffer, codes.byteOffset, codes.byteLength);
  for (let c = 0; c < n; c++) {
    const base = c * size;
    const start = base + SCALE_BYTES;
    let s0 = 0;
    let s1 = 0;
    let i = 0;
    for (; i + 1 < dims; i += 2) {
      s0 += (query[i] as number) * (values[start + i] as number);
      s1 += (query[i + 1] as number) * (values[start + i + 1] as number);
    }
    if (i < dims) s0 += (query[i] as number) * (values[start + i] as number);
    into[at + c] = (s0 + s1) * view.getFloat32(base, true);
  }
  return n;
}
