/** Text for a LIKE pattern, its wildcards taken literally (the default escape character is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
