import type { ServerResponse } from 'node:http';

type Delta = { role?: 'assistant'; content?: string; reasoning_content?: string };

/**
 * The reference's stream on the wire: `data: <chunk>` events of one `chat_completion_id` (its key, not `id`), a role
 * first, one chunk per part of the reply, an empty delta with `finish_reason: "stop"`, then `data: [DONE]`.
 */
export class ChunkWriter {
  private readonly created = Math.floor(Date.now() / 1000);
  private closed = false;

  constructor(
    private readonly response: ServerResponse,
    readonly chatCompletionId: string,
    private readonly model: string,
  ) {}

  open(): void {
    this.response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    this.delta({ role: 'assistant' });
  }

  get gone(): boolean {
    return this.closed || this.response.destroyed || this.response.writableEnded;
  }

  delta(delta: Delta, finishReason: 'stop' | null = null): void {
    if (this.gone) return;
    const chunk = {
      chat_completion_id: this.chatCompletionId,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    };
    this.response.write(`data: ${JSON.stringify(chunk)}\n\n`);
  }

  content(text: string): void {
    if (text) this.delta({ content: text });
  }

  reasoning(text: string): void {
    if (text) this.delta({ reasoning_content: text });
  }

  finish(): void {
    if (this.gone) return;
    this.delta({}, 'stop');
    this.response.write('data: [DONE]\n\n');
    this.closed = true;
    this.response.end();
  }
}
