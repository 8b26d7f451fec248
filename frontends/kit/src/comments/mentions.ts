/** A mention handle: word characters, dot, underscore, hyphen. */
const HANDLE = /(^|[^\w@])@([\w.-]+)/g;

/** The usernames a comment mentions, each once, in order. */
export function extractMentions(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(HANDLE)) {
    const name = match[2]?.replace(/[.-]+$/, '');
    if (name) names.add(name);
  }
  return [...names];
}

/** The handle being typed right before the caret (`@ab|` gives `ab`), or null when not in a mention. */
export function mentionAt(text: string, caret: number): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const match = /(^|[^\w@])@([\w.-]*)$/.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { query, start: caret - query.length - 1 };
}

/** Replaces the mention being typed with the chosen username and a space; the caret after it. */
export function completeMention(text: string, start: number, caret: number, username: string) {
  const inserted = `@${username} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}
