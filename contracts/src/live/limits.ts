/**
 * The live route (`{base}/api/v1/live`, the gateway's own): its bounds, named once for the gateway, its tests, the
 * benchmark and the web app (docs/adr/0099-live-pages.md).
 */
export const Live = {
  /** The route below `{base}/api/v1/`. */
  path: 'live',
  /** Topics one stream may ask for; a page asks for a few (its question, `questions`, `me`). */
  maxTopics: 32,
  /** Streams open at once from one client address, and of one member (one per browser, shared by its tabs). */
  connectionsPerAddress: 32,
  connectionsPerMember: 8,
  /** A comment line this often keeps proxies and browsers from closing a quiet stream. */
  heartbeatMs: 25_000,
  /** How long a browser waits before it reconnects by itself (the stream's `retry:`). */
  retryMs: 3_000,
  /**
   * A stopping gateway tells each stream to reconnect after `retryMs` plus a random share of this: ten thousand
   * browsers come back to the other replicas (or this one restarted) over seconds, not in the same instant.
   */
  reconnectSpreadMs: 10_000,
  /**
   * Bytes a stream may have waiting in the gateway once the socket's own buffers are full: past it the client is
   * too slow and is dropped (it resumes from its last id).
   */
  bufferBytes: 256 * 1024,
  /** A resuming client's missed messages wait for its socket to take them; one that takes none this long is dropped. */
  drainMs: 10_000,
  /** Recent messages kept in memory to serve a reconnect without reading the log: at most this many, this old. */
  ringMessages: 20_000,
  ringAgeMs: 10 * 60_000,
  /**
   * Events of each source read into the ring when a gateway starts, so that the streams reconnecting after a restart
   * are served from memory rather than each reading the log.
   */
  ringWarmEvents: 2_000,
  /** A resume further back than this many events of the log is told to reload instead. */
  replayEvents: 10_000,
  /**
   * Set by the gateway on its own `question/info` asking whether a stream may follow a question: posts answers it as
   * any read, but counts no view.
   */
  checkHeader: 'x-agora-live-check',
} as const;
