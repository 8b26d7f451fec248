import { Limits } from '@agora/contracts/limits';
import type { LiveMessage } from '@agora/contracts/live/messages';
import { getToken } from '../session/session';
import { type OpenedStream, openLiveStream } from './live-stream';
import type { LiveState } from './relay-messages';
import { nextAttempt, type StreamEnd } from './retry-policy';

/** What the leading tab does with what its stream brings. */
export interface ConnectionSink {
  message(message: LiveMessage, id: string): void;
  state(state: LiveState, id: string | null): void;
  /** Topics whose pages read again: the position could not be resumed, or the pages polled until now. */
  reload(topics: string[]): void;
  /** Topics the gateway would not give (a question gone, a role changed). */
  refused(topics: string[]): void;
}

interface Attempt {
  topics: string[];
  token: string;
  stream: OpenedStream;
  open: boolean;
}

const sameTopics = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((topic, i) => topic === b[i]);

/**
 * The browser's one stream, held by the leading tab (docs/adr/0099-live-pages.md). A topic added opens a new
 * stream beside the open one, which is closed once the new one has its topics: the two overlap, nothing falls in
 * between, and what both bring is known by its position. A stream that ends (the connection broke, the gateway
 * restarted, the topics shrank) is opened again with `?last_event_id=` of the last id, so the gateway sends what was
 * missed. While no stream can be opened the state says `fallback` and it is tried again, less and less often.
 */
export class LiveConnection {
  private wanted: string[] = [];
  private current: Attempt | null = null;
  private successor: Attempt | null = null;
  private lastId: string | null = null;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private waiting = false;
  private state: LiveState = { phase: 'idle', granted: [] };
  private stopped = false;

  constructor(private readonly sink: ConnectionSink) {}

  /** Where a new leader resumes: the last id its tab was told. */
  resumeFrom(id: string | null): void {
    if (id && !this.lastId) this.lastId = id;
  }

  get position(): string | null {
    return this.lastId;
  }

  setTopics(topics: string[]): void {
    this.wanted = topics;
    // A retry waiting (the route is missing or failing) is not hurried by a page mounting.
    if (this.waiting && topics.length > 0) return;
    this.schedule(Limits.liveClient.topicsDebounceMs);
  }

  /** The member signed in or out: the stream opens again with the new token. */
  restart(): void {
    this.current?.stream.close();
    this.successor?.stream.close();
    this.current = this.successor = null;
    this.failures = 0;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.current?.stream.close();
    this.successor?.stream.close();
  }

  private schedule(delayMs: number, waiting = false): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.waiting = waiting;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.waiting = false;
      this.sync();
    }, delayMs);
  }

  private setState(state: LiveState): void {
    this.state = state;
    this.sink.state(state, this.lastId);
  }

  private sync(): void {
    const wanted = this.wanted;
    if (wanted.length === 0) {
      this.current?.stream.close();
      this.successor?.stream.close();
      this.current = this.successor = null;
      if (this.state.phase !== 'fallback') this.setState({ phase: 'idle', granted: [] });
      return;
    }
    const current = this.current;
    const token = getToken();
    if (current && current.token === token && sameTopics(current.topics, wanted)) return;
    this.successor?.stream.close();
    this.successor = null;
    const adds = current ? wanted.some((topic) => !current.topics.includes(topic)) : true;
    if (current?.open && current.token === token && adds) {
      // Make before break: the new stream starts where the log is now, the old one carries on until then.
      this.successor = this.attempt(wanted, null);
      return;
    }
    current?.stream.close();
    this.current = this.attempt(wanted, this.lastId);
    if (this.state.phase !== 'fallback') this.setState({ phase: 'connecting', granted: [] });
  }

  private attempt(topics: string[], from: string | null): Attempt {
    const wasFallback = () => this.state.phase === 'fallback';
    const attempt: Attempt = {
      topics,
      token: getToken(),
      open: false,
      stream: openLiveStream(topics, from, {
        onTopics: (given, id) => {
          if (attempt !== this.current && attempt !== this.successor) return;
          const polled = wasFallback();
          if (attempt === this.successor) {
            this.current?.stream.close();
            this.current = attempt;
            this.successor = null;
          }
          attempt.open = true;
          this.failures = 0;
          if (id) this.lastId = id;
          if (given.refused.length > 0) this.sink.refused(given.refused);
          this.setState({ phase: 'open', granted: given.granted });
          // The pages polled until now: what changed since their last poll is read once. After a resume, once the
          // catch-up has come (the gateway sends it from memory with the topics, or soon after from the log): a
          // vote it brings again may have been in a poll's answer already, and the read sets the count.
          if (polled && from === null) this.sink.reload(given.granted);
          else if (polled) setTimeout(() => this.sink.reload(given.granted), Limits.liveClient.settleMs);
        },
        onMessage: (message, id) => {
          if (attempt !== this.current) return;
          if (id) this.lastId = id;
          this.sink.message(message, id ?? '');
        },
      }),
    };
    void attempt.stream.ended.then((end) => {
      if (end) this.ended(attempt, end);
    });
    return attempt;
  }

  private ended(attempt: Attempt, end: StreamEnd): void {
    if (attempt === this.successor) {
      // The new topics could not be had: the open stream stays, and they are asked for again later.
      this.successor = null;
      this.failures++;
      this.schedule(nextAttempt(end, this.failures).delayMs, true);
      return;
    }
    if (attempt !== this.current) return;
    this.current = null;
    if (end.kind === 'reload') {
      this.lastId = null;
      this.sink.reload(attempt.topics);
    }
    // A gateway that asks to be reconnected to is no failure; a stream that broke after opening is the first.
    this.failures = attempt.open ? (end.kind === 'reconnect' ? 0 : 1) : this.failures + 1;
    const next = nextAttempt(end, this.failures);
    if (next.fallback) this.setState({ phase: 'fallback', granted: [] });
    else if (this.state.phase !== 'fallback') this.setState({ phase: 'connecting', granted: [] });
    this.schedule(next.delayMs, next.delayMs > 0);
  }
}
