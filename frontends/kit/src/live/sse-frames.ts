/** One frame of a `text/event-stream`: its id, event name, `retry:` and data (lines joined with `\n`). */
export interface SseFrame {
  id?: string;
  event?: string;
  retry?: number;
  data: string;
}

/**
 * The whole frames in what has come so far (a blank line ends each; `\n` or `\r\n`), and the unfinished rest to
 * prepend to the next chunk. Comment lines (the heartbeat) are skipped; a frame with no field is none.
 */
export function readFrames(received: string): { frames: SseFrame[]; rest: string } {
  const blocks = received.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const frames: SseFrame[] = [];
  for (const block of blocks) {
    const frame: SseFrame = { data: '' };
    let fields = 0;
    let data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (name === 'id') frame.id = value;
      else if (name === 'event') frame.event = value;
      else if (name === 'data') data = [...data, value];
      else if (name === 'retry' && /^\d+$/.test(value)) frame.retry = Number(value);
      else continue;
      fields++;
    }
    frame.data = data.join('\n');
    if (fields > 0) frames.push(frame);
  }
  return { frames, rest };
}
