/**
 * Idempotent writes (docs/adr/0093-idempotent-writes.md), named once for the services and the web app: a member's
 * write sent again with the same key is answered with the first outcome and never applied twice.
 */
export const Idempotency = {
  /** The request header naming a write's key (the IETF draft's name); Node reads it in lower case. */
  header: 'Idempotency-Key',
  /** Set (to `true`) on a reply that repeats the stored first outcome of its key. */
  replayedHeader: 'Idempotent-Replayed',
  /** A key is 1 to this many visible ASCII characters (0x21 to 0x7e): a UUID, or the draft's quoted string. */
  keyMaxLength: 128,
  /** How long a key and its outcome are kept; older ones are deleted now and then. */
  keptForMs: 24 * 60 * 60_000,
  /** One claim in this many also deletes the keys past `keptForMs`, after its reply. */
  sweepOneIn: 128,
  /** A retry while the first attempt runs waits this long for its outcome, then answers 409 with `Retry-After`. */
  waitForFirstMs: 2_000,
  /** How often that wait looks again. */
  lookEveryMs: 20,
  /** The `Retry-After` of that 409. */
  retryAfterSeconds: 1,
  /**
   * An attempt that has held its claim this long is over whatever its process says: no request is served for
   * longer (the gateway waits 10 s for a service, a request must arrive within 25 s). A retry may then take over.
   */
  attemptOverAfterMs: 30_000,
  /** The web app sends a member's write whose outcome is unknown (cut off, or a 503) once more after this long. */
  retryUnknownAfterMs: 1_000,
} as const;

/** Whether a header value is a well-formed key: 1 to `keyMaxLength` visible ASCII characters. */
export function isIdempotencyKey(value: string): boolean {
  return value.length >= 1 && value.length <= Idempotency.keyMaxLength && /^[\x21-\x7e]+$/.test(value);
}
