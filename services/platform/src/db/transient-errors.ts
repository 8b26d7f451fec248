/**
 * Errors that say nothing about the work itself, only about the moment: trying the same work again in a
 * new transaction can succeed. A projection retries these for as long as it takes and never sets the
 * event aside (DESIGN §9, "Projection batches").
 */
const TRANSIENT_SQLSTATES: ReadonlySet<string> = new Set([
  '40001', // serialization_failure (also "canceling statement due to conflict with recovery")
  '40P01', // deadlock_detected
  '55P03', // lock_not_available (lock_timeout)
  '57014', // query_canceled (statement_timeout under load)
  '57P01', // admin_shutdown (pg_terminate_backend, a server stopping)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
  '58030', // io_error
]);

/** SQLSTATE classes that are transient as a whole: connection exceptions, insufficient resources. */
const TRANSIENT_CLASSES = ['08', '53'];

/** Node's socket errors, as `pg` passes them on. */
const TRANSIENT_NODE_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What `pg` throws when the server went away without an SQLSTATE (a killed backend, a closed socket). */
const TRANSIENT_MESSAGES = [
  /connection terminated/i,
  /terminating connection/i,
  /connection (?:is )?(?:closed|ended|lost)/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /timeout exceeded when trying to connect/i,
  /server closed the connection unexpectedly/i,
];

export function isTransientDatabaseError(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (TRANSIENT_SQLSTATES.has(code) || TRANSIENT_NODE_CODES.has(code)) return true;
      if (code.length === 5 && TRANSIENT_CLASSES.includes(code.slice(0, 2))) return true;
    }
    if (typeof message === 'string' && TRANSIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
