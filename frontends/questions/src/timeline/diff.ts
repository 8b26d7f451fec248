export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** The parts of `before` and `after` (split into tokens) that stay, go and come, by longest common subsequence. */
export function diffTokens(before: string[], after: string[]): DiffPart[] {
  const n = before.length;
  const m = after.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = before[i] === after[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      push('same', before[i]!);
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) push('removed', before[i++]!);
    else push('added', after[j++]!);
  }
  while (i < n) push('removed', before[i++]!);
  while (j < m) push('added', after[j++]!);
  return parts;
}

/** Lines, each with its line break (body text). */
export const lines = (text: string) => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
/** Words and the spaces between them (titles). */
export const words = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];
