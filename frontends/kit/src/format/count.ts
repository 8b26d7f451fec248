/** Counts: under 10000 with thousand separators, under a million as k, else m. */
export function formatCount(value: number): string {
  const n = Number.isFinite(value) ? value : 0;
  if (Math.abs(n) < 10_000) return n.toLocaleString('en-US');
  if (Math.abs(n) < 1_000_000) return `${Math.round(n / 100) / 10}k`;
  return `${Math.round(n / 100_000) / 10}m`;
}

/** A badge count capped at 99+ (review badge). */
export function capCount(value: number, cap = 99): string {
  return value > cap ? `${cap}+` : String(value);
}
