import { Live } from '@agora/contracts';
import type { BusCursor, EventBus, FollowedEvent, FollowerHandle } from '@agora/platform';
import type { Logger } from 'pino';
import { Backfill } from './backfill';
import { encodeCursor } from './cursor';
import { MESSAGE_TYPES, messagesOf, narrowsVisibility, wireTopic } from './event-messages';
import { StreamRegistry } from './registry';
import { type LiveEntry, Ring } from './ring';
import { flushAll, type LiveStream } from './stream';
import { END_TYPES, type StreamEnd, streamEndOf } from './stream-ends';

/** The logs the live route follows: every service whose events make a message or end a stream. */
export const LIVE_SOURCES = ['posts', 'votes', 'notifications', 'moderation', 'identity', 'site'] as const;

export interface LiveHubLimits {
  ringMessages: number;
  ringAgeMs: number;
  ringWarmEvents: number;
  replayEvents: number;
  heartbeatMs: number;
}

export interface LiveHubOptions {
  bus: EventBus;
  log: Logger;
  limits?: Partial<LiveHubLimits>;
  /** A question's watchers after a status that may hide it from some: the hub keeps those who may still see it. */
  recheck?: (questionTopic: string, streams: LiveStream[]) => void;
  /** Any status change of a question (closed, deleted, shown...): whom it shows to may have changed. */
  statusChanged?: (questionTopic: string) => void;
}

/**
 * Every stream of this gateway fed from one follower of the bus (docs/adr/0099-live-pages.md): each event mapped once
 * to its messages, kept in the ring, and written to the streams that follow its topic. A stream that resumes gets
 * what it missed from the ring, or the log before it, first.
 */
export class LiveHub {
  readonly sources: readonly string[] = LIVE_SOURCES;
  private readonly live: BusCursor;
  private readonly ring: Ring;
  readonly backfill: Backfill;
  private readonly streams = new StreamRegistry();
  /** Events whose messages went out before the fence passed them, and to which streams (`source|mark`). */
  private readonly early = new Map<string, Set<LiveStream>>();
  private readonly timer: NodeJS.Timeout;
  private follower: FollowerHandle | null = null;
  readonly limits: LiveHubLimits;

  private constructor(
    private readonly options: LiveHubOptions,
    started: BusCursor,
  ) {
    this.limits = {
      ringMessages: Live.ringMessages,
      ringAgeMs: Live.ringAgeMs,
      ringWarmEvents: Live.ringWarmEvents,
      replayEvents: Live.replayEvents,
      heartbeatMs: Live.heartbeatMs,
      ...options.limits,
    };
    this.live = { ...started };
    this.ring = new Ring(started, options.bus.cursors, {
      messages: this.limits.ringMessages,
      ageMs: this.limits.ringAgeMs,
    });
    this.backfill = new Backfill(options.bus, this.ring, this.limits.replayEvents, (source, followed) =>
      this.entriesOf(source, followed, Date.now()),
    );
    // One timer for every stream: a comment each, and the ring let go of what has aged.
    this.timer = setInterval(() => this.beat(), this.limits.heartbeatMs);
    this.timer.unref();
  }

  /** Starts following the bus from its current end. */
  static async start(options: LiveHubOptions): Promise<LiveHub> {
    let hub: LiveHub | null = null;
    const before: Array<[string, FollowedEvent[], string]> = [];
    const follower = await options.bus.follow({
      sources: LIVE_SOURCES,
      types: [...MESSAGE_TYPES, ...END_TYPES],
      deliver: (source, events, cursor) => {
        if (hub) hub.take(source, events, cursor);
        else before.push([source, events, cursor]);
      },
      early: (source, events) => hub?.takeEarly(source, events),
    });
    hub = new LiveHub(options, follower.started);
    hub.follower = follower;
    for (const [source, events, cursor] of before) hub.take(source, events, cursor);
    // The recent past read into the ring meanwhile: a stream that reconnects before it is there reads the log itself.
    const warming = hub;
    void warming.backfill
      .warm(LIVE_SOURCES, warming.limits.ringWarmEvents)
      .catch((error) => options.log.warn({ err: error }, 'the live ring could not read the recent past'));
    return hub;
  }

  /** The position the stream would resume from if it reconnected now having had everything. */
  position(): BusCursor {
    return { ...this.live };
  }

  encode(cursor: BusCursor): string {
    return encodeCursor(cursor, this.sources);
  }

  get order() {
    return this.options.bus.cursors;
  }

  get size(): number {
    return this.streams.size;
  }

  /** Streams open now of a member, and from an address. */
  counts(owner: { userId: string | null; address: string }): { member: number; address: number } {
    return this.streams.counts(owner);
  }

  private entriesOf(source: string, followed: FollowedEvent, at: number): LiveEntry[] {
    return messagesOf(followed.event).map((draft) => ({
      topic: draft.topic,
      source,
      mark: followed.mark,
      cursor: followed.cursor,
      data: JSON.stringify({ topic: wireTopic(draft.topic), ...draft.change, source, position: followed.mark }),
      at,
      ...(draft.change.kind === 'question_status' ? { statusChange: true } : {}),
      ...(narrowsVisibility(draft.change) ? { narrows: true } : {}),
    }));
  }

  /**
   * Events committed past the log's fence (an older transaction still open somewhere holds it): their messages go out
   * at once, with the id of where the stream stands in order (before them: a resume may bring them again, which the
   * browser knows by position). They are kept and sent to anyone who missed them when they come in order.
   */
  takeEarly(source: string, events: FollowedEvent[]): void {
    if (this.early.size >= this.limits.ringMessages) return;
    const batch = new Set<LiveStream>();
    try {
      this.takeEachEarly(source, events, batch);
    } finally {
      flushAll(batch);
    }
  }

  private takeEachEarly(source: string, events: FollowedEvent[], batch: Set<LiveStream>): void {
    for (const followed of events) {
      const end = streamEndOf(followed.event);
      if (end) this.endStreams(end);
      const sentTo = new Set<LiveStream>();
      this.early.set(`${source}|${followed.mark}`, sentTo);
      let id: string | null = null;
      for (const entry of this.entriesOf(source, followed, Date.now())) {
        const watchers = this.streams.watchersOf(entry.topic);
        if (!watchers || watchers.size === 0) continue;
        id ??= this.encode(this.live);
        for (const stream of watchers) {
          if (stream.floors) this.sendAboveFloor(stream, entry, id, batch);
          else stream.send(entry, id, batch);
          sentTo.add(stream);
        }
      }
    }
  }

  /** The follower's delivery: each event's messages kept and sent, the position moved past it. */
  private take(source: string, events: FollowedEvent[], cursor: string): void {
    const now = Date.now();
    const batch = new Set<LiveStream>();
    try {
      this.takeEach(source, events, now, batch);
    } finally {
      flushAll(batch);
    }
    this.live[source] = cursor;
  }

  private takeEach(source: string, events: FollowedEvent[], now: number, batch: Set<LiveStream>): void {
    for (const followed of events) {
      this.live[source] = followed.cursor;
      const sentEarly = this.early.get(`${source}|${followed.mark}`);
      if (sentEarly) this.early.delete(`${source}|${followed.mark}`);
      const end = sentEarly ? null : streamEndOf(followed.event);
      if (end) this.endStreams(end);
      let id: string | null = null;
      for (const entry of this.entriesOf(source, followed, now)) {
        this.ring.push(entry);
        const watchers = this.streams.watchersOf(entry.topic);
        if (watchers && watchers.size > 0) {
          id ??= this.encode(this.live);
          for (const stream of watchers) {
            if (sentEarly?.has(stream)) continue;
            if (stream.floors) this.sendAboveFloor(stream, entry, id, batch);
            else stream.send(entry, id, batch);
          }
        }
        if (entry.statusChange) this.options.statusChanged?.(entry.topic);
        if (entry.narrows) this.options.recheck?.(entry.topic, [...(watchers ?? [])]);
      }
    }
  }

  /** A stream ahead of this gateway on some source (it came from a replica further on) gets only what is past it. */
  private sendAboveFloor(stream: LiveStream, entry: LiveEntry, id: string, batch?: Set<LiveStream>): void {
    const floor = stream.floors?.get(entry.source);
    if (floor !== undefined) {
      if (this.order.reaches(entry.cursor, floor)) stream.floors?.delete(entry.source);
      if (stream.floors?.size === 0) stream.floors = null;
      if (!this.order.isAfter(entry.mark, floor)) return;
    }
    stream.send(entry, id, batch);
  }

  private endStreams(end: StreamEnd): void {
    for (const stream of this.streams.endedBy(end)) stream.end('ended');
  }

  /**
   * Starts a stream: from now, or after the client's position. Its missed messages come first (the ring, else the log
   * through a backfill), each with the id of where the client then stands; what arrives meanwhile is held and follows.
   * Throws TooFarBehind when the log cannot give what it missed within the bound.
   */
  async attach(stream: LiveStream, from: BusCursor | null, opening: (id: string) => void): Promise<void> {
    const snapshot = this.position();
    const progress: BusCursor = { ...snapshot };
    const behind: string[] = [];
    for (const source of this.sources) {
      const given = from?.[source];
      const current = snapshot[source];
      if (given === undefined || current === undefined) continue;
      progress[source] = given;
      if (!this.order.reaches(current, given)) {
        stream.floors ??= new Map();
        stream.floors.set(source, given);
      }
      if (!this.order.reaches(given, current)) behind.push(source);
    }
    this.subscribe(stream);
    opening(this.encode(progress));
    try {
      for (const source of behind) {
        const given = from?.[source];
        if (given === undefined) continue;
        const missed = await this.backfill.since(source, given, stream.topics, snapshot[source] ?? given);
        if (!stream.open) return;
        for (const entry of missed) {
          progress[source] = entry.cursor;
          await stream.sendCaughtUp(entry, this.encode(progress));
          if (!stream.open) return;
        }
      }
    } catch (error) {
      this.unsubscribe(stream);
      throw error;
    }
    const floors = stream.floors;
    stream.release((entry) => {
      const floor = floors?.get(entry.source);
      return floor === undefined || this.order.isAfter(entry.mark, floor);
    });
  }

  private subscribe(stream: LiveStream): void {
    this.streams.add(stream);
  }

  /** A stream gone: it is forgotten. */
  unsubscribe(stream: LiveStream): void {
    this.streams.remove(stream);
  }

  /** A stream may no longer follow a topic. */
  drop(stream: LiveStream, topic: string): void {
    this.streams.drop(stream, topic);
  }

  private beat(): void {
    this.ring.trim(Date.now());
    for (const stream of this.streams.streams()) stream.heartbeat();
  }

  /**
   * The gateway stops: every stream is told to reconnect (to another replica, or this one restarted) after a time of
   * its own, spread over `Live.reconnectSpreadMs`, then the follower stops.
   */
  async close(): Promise<void> {
    clearInterval(this.timer);
    for (const stream of [...this.streams.streams()]) {
      stream.end('reconnect', { retry_ms: Live.retryMs + Math.floor(Math.random() * Live.reconnectSpreadMs) });
    }
    await this.follower?.stop();
  }
}
