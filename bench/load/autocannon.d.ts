/** The part of autocannon's programmatic API the load runner uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    onResponse?: (status: number, body: string, context: unknown, headers: Record<string, string>) => void;
  }

  interface AutocannonOptions {
    url: string;
    connections?: number;
    pipelining?: number;
    amount?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    /** Stop after this many errors. */
    bailout?: number;
    requests?: AutocannonRequest[];
  }

  interface AutocannonResult {
    errors: number;
    timeouts: number;
  }

  interface Instance extends EventEmitter, PromiseLike<AutocannonResult> {
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): this;
    on(event: 'reqError', listener: (error: Error) => void): this;
    stop(): void;
  }

  function autocannon(options: AutocannonOptions): Instance;
  export default autocannon;
}
