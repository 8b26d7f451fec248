export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** The parts of `before` and `after` (split into tokens) that stay, go and come, by longest common subsequence. */
export function diffTokens(before: string[], after: string[]): DiffPart[] {
  const n = before.length;
  const m = after.length;
  // lcs[i][j]: the length of the longest common subsequence of before[i..] and after[j..] (0 past either end).
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  const common = (i: number, j: number) => lcs[i]?.[j] ?? 0;
  for (let i = n - 1; i >= 0; i--) {
    const row = lcs[i];
    if (!row) continue;
    for (let j = m - 1; j >= 0; j--) {
      row[j] = before[i] === after[j] ? common(i + 1, j + 1) + 1 : Math.max(common(i + 1, j), common(i, j + 1));
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
  for (;;) {
    const gone = before[i];
    const come = after[j];
    if (gone === undefined || come === undefined) break;
    if (gone === come) {
      push('same', gone);
      i++;
      j++;
    } else if (common(i + 1, j) >= common(i, j + 1)) {
      push('removed', gone);
      i++;
    } else {
      push('added', come);
      j++;
    }
  }
  for (const rest of before.slice(i)) push('removed', rest);
  for (const rest of after.slice(j)) push('added', rest);
  return parts;
}

/** Lines, each with its line break (body text). */
export const lines = (text: string) => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
/** Words and the spaces between them (titles). */
export const words = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];
