import { itemAt } from '@agora/platform';

/**
 * A small deterministic PRNG for the seed-data generator (no Math.random): sfc32 seeded through
 * splitmix32, so every question can have its own stream derived from (seed, index) and the data does
 * not depend on which worker happens to take it.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(...keys: number[]) {
    let h = 0x9e3779b9;
    for (const key of keys) h = mix(h ^ Math.imul(key | 0, 0x85ebca6b) ^ Math.floor(key / 2 ** 32));
    this.a = mix(h ^ 0x1);
    this.b = mix(h ^ 0x2);
    this.c = mix(h ^ 0x3);
    this.d = mix(h ^ 0x4);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    this.a |= 0;
    this.b |= 0;
    this.c |= 0;
    this.d |= 0;
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return itemAt(items, Math.floor(this.next() * items.length));
  }

  /** Up to `n` distinct items, in the order drawn. */
  sample<T>(items: readonly T[], n: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < n && pool.length) out.push(...pool.splice(Math.floor(this.next() * pool.length), 1));
    return out;
  }

  /** An index in [0, n) biased towards the low end (a few users write most posts, as on real sites). */
  skewed(n: number, exponent = 2): number {
    return Math.min(n - 1, Math.floor(this.next() ** exponent * n));
  }

  /** A count with mean `mean` (fractional means allowed): floor or ceil, then spread over 0..2·mean. */
  around(mean: number): number {
    if (mean <= 0) return 0;
    return Math.round(this.next() * 2 * mean);
  }
}

function mix(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}
