/** What `readEvents` took from the text received so far: the `data:` payloads complete, and the unfinished rest. */
export interface EventLines {
  data: string[];
  rest: string;
}

/**
 * The `data:` payloads of a `text/event-stream` read so far (`\n` or `\r\n` lines; other fields and comments
 * skipped). The last line is kept back until its end arrives: a chunk of the body may stop inside it.
 */
export function readEvents(received: string): EventLines {
  const lines = received.split(/\r?\n/);
  const rest = lines.pop() ?? '';
  const data: string[] = [];
  for (const line of lines) {
    if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
  }
  return { data, rest };
}
