/**
 * Whether an error says the database cannot be reached right now, not that the work was wrong: the
 * server is down, restarting, shutting down or refusing connections, or the connection to it broke or
 * could not be made in time. Requests answer 503 then (docs/adr/0045-database-outage.md),
 * never 401 or 500.
 */

/** SQLSTATEs of a server that is going away or not there yet. */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set([
  '57P01', // admin_shutdown: the server is stopping, or the backend was terminated
  '57P02', // crash_shutdown: another backend crashed and the server is restarting
  '57P03', // cannot_connect_now: "the database system is starting up / shutting down / in recovery"
  '53300', // too_many_connections: the server refuses new connections for now
]);

/** Class 08: connection exceptions (08000, 08001 cannot connect, 08003, 08004, 08006 failure...). */
const CONNECTION_EXCEPTION_CLASS = '08';

/** Node's socket errors, as `pg` passes them on. */
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What `pg` and its pool throw without a code when a connection breaks or cannot be had in time. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i, // "... unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect/i, // the pool's connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable/i,
  /^Client was closed and is not queryable/i,
  /^Connection is closed/i,
  /^Query read timeout/i,
];

function unavailableHere(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || SOCKET_CODES.has(code)) return true;
    if (code.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS)) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether `test` holds for the error or for one it wraps (`cause`, fast-jwt's `originalError`, a failed
 * dual-stack connect's `errors`).
 */
export function anyCause(error: unknown, test: (error: object) => boolean, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  if (test(error)) return true;
  const { cause, originalError, errors } = error as { cause?: unknown; originalError?: unknown; errors?: unknown };
  if (anyCause(cause, test, depth + 1) || anyCause(originalError, test, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => anyCause(inner, test, depth + 1));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return anyCause(error, unavailableHere);
}
