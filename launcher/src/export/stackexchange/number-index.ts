const INITIAL = 1024;

/** The part of an Agora id after its type (legacy-ids.ts): a 64-bit number. */
const keyOf = (id: string) => BigInt(id.slice(4));

/**
 * Agora ids of one object type with the dump number each was given, held in two typed arrays (16 bytes an object,
 * no string kept), looked up by binary search. Objects come in id order, so the keys are sorted as they are added;
 * should they not be, they are sorted at the next lookup.
 */
export class NumberIndex {
  private keys = new BigUint64Array(INITIAL);
  private values = new Float64Array(INITIAL);
  private size = 0;
  private sorted = true;

  set(id: string, value: number): void {
    if (this.size === this.keys.length) this.grow();
    const key = keyOf(id);
    if (this.size > 0 && (this.keys[this.size - 1] ?? 0n) > key) this.sorted = false;
    this.keys[this.size] = key;
    this.values[this.size] = value;
    this.size++;
  }

  get(id: string): number | undefined {
    if (!this.sorted) this.sort();
    const key = keyOf(id);
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = this.keys[middle] ?? 0n;
      if (at === key) return this.values[middle];
      if (at < key) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  private grow(): void {
    const keys = new BigUint64Array(this.keys.length * 2);
    keys.set(this.keys);
    const values = new Float64Array(this.values.length * 2);
    values.set(this.values);
    this.keys = keys;
    this.values = values;
  }

  private sort(): void {
    const { keys, values, size } = this;
    const order = new Uint32Array(size).map((_, i) => i);
    order.sort((a, b) => {
      const x = keys[a] ?? 0n;
      const y = keys[b] ?? 0n;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const sortedKeys = new BigUint64Array(keys.length);
    const sortedValues = new Float64Array(values.length);
    order.forEach((from, to) => {
      sortedKeys[to] = keys[from] ?? 0n;
      sortedValues[to] = values[from] ?? 0;
    });
    this.keys = sortedKeys;
    this.values = sortedValues;
    this.sorted = true;
  }
}
