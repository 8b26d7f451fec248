import { anyCause, isDatabaseUnavailable } from './unavailable';

/**
 * Errors that say nothing about the work itself, only about the moment: trying the same work again in a
 * new transaction can succeed. A projection retries these for as long as it takes and never sets the
 * event aside (docs/adr/0005-projection-batches.md). A database that cannot be reached is one of them.
 */
const TRANSIENT_SQLSTATES: ReadonlySet<string> = new Set([
  '40001', // serialization_failure (also "canceling statement due to conflict with recovery")
  '40P01', // deadlock_detected
  '55P03', // lock_not_available (lock_timeout)
  '57014', // query_canceled (statement_timeout under load)
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
  '58030', // io_error
]);

/** Insufficient resources (out of memory, disk full, too many connections) pass. */
const INSUFFICIENT_RESOURCES_CLASS = '53';

/** What `pg` throws when a backend went away mid-work, beyond what counts as the database being unreachable. */
const TRANSIENT_MESSAGES = [
  /terminating connection/i,
  /connection (?:is )?(?:ended|lost)/i,
  /cannot use a pool after calling end/i,
  /server closed the connection unexpectedly/i,
];

function transientHere(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (TRANSIENT_SQLSTATES.has(code) || code.startsWith(INSUFFICIENT_RESOURCES_CLASS))) {
    return true;
  }
  return typeof message === 'string' && TRANSIENT_MESSAGES.some((pattern) => pattern.test(message));
}

export function isTransientDatabaseError(error: unknown): boolean {
  return isDatabaseUnavailable(error) || anyCause(error, transientHere);
}

/** The longest wait between tries of failing work that is retried for as long as it takes. */
const MAX_RETRY_DELAY_MS = 30_000;

/** Exponential back-off with jitter, so that two transactions that deadlocked do not meet again in step. */
export function retryDelayMs(failures: number): number {
  const ceiling = Math.min(100 * 2 ** Math.min(failures, 20), MAX_RETRY_DELAY_MS);
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}
