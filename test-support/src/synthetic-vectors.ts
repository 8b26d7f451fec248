/**
 * Deterministic random vectors for semantic-search tests and benchmarks (a seeded linear congruential generator and
 * Box–Muller normals), so that a failing run can be replayed: `vector(around, spread)` is a point near `around`.
 */
export function syntheticVectors(seed: number, dims: number) {
  let state = seed;
  const uniform = () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
  const gaussian = () => Math.sqrt(-2 * Math.log(uniform() || 1e-9)) * Math.cos(2 * Math.PI * uniform());
  return {
    uniform,
    vector: (around?: ArrayLike<number>, spread = 1) => {
      const v = new Array<number>(dims);
      for (let i = 0; i < dims; i++) v[i] = (around?.[i] ?? 0) + spread * gaussian();
      return v;
    },
  };
}
