/**
 * How long and how many a client may hold of a listener (README "Limits of a connection";
 * docs/adr/0088-canonical-paths.md): a request's whole body and its headers must arrive in bounded time, and
 * one client address may hold a bounded number of connections to the public port.
 */
export interface ConnectionLimits {
  /** A request not received whole (headers and body) within this is answered 408 and its connection closed. */
  requestTimeoutMs: number;
  /** A request's headers not received within this: the same. Never more than `requestTimeoutMs`. */
  headersTimeoutMs: number;
  /** Open connections one client address may hold to a public listener; 0 for no limit (behind a proxy). */
  connectionsPerAddress: number;
}

export const CONNECTION_LIMIT_DEFAULTS: ConnectionLimits = {
  requestTimeoutMs: 25_000,
  headersTimeoutMs: 10_000,
  connectionsPerAddress: 256,
};

/** Headers larger than this are refused (431): Node's own default, named here so it is documented. */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * How often Node looks for requests past their time. A tenth of the request time, so a slow request is closed
 * within 110 % of it (27.5 s by default), at most once a second so an idle listener stays nearly asleep
 * (docs/adr/0048-idle-costs-nothing.md).
 */
export const checkingIntervalOf = (limits: ConnectionLimits) =>
  Math.max(1000, Math.floor(limits.requestTimeoutMs / 10));
