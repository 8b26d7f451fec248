/** Reason keys of the envelope. Their messages live in `i18n/messages.ts`. */
export const Reason = {
  success: 'base.success',
  unknown: 'base.unknown',
  requestFormatError: 'base.request_format_error',
  unauthorized: 'base.unauthorized_error',
  forbidden: 'base.forbidden_error',
  notFound: 'base.not_found',
  tooManyRequests: 'base.too_many_requests',
  databaseError: 'base.database_error',
  /** The database (or a service) cannot be reached for now: retry later, the session stays valid. */
  unavailable: 'base.service_unavailable',
  /** An `Idempotency-Key` sent again with another request (docs/adr/0093-idempotent-writes.md). */
  idempotencyKeyReused: 'base.idempotency_key_reused',
  /** The first request of an `Idempotency-Key` is still running: its outcome is not known yet. */
  idempotencyInProgress: 'base.idempotency_in_progress',
  /** The first request of an `Idempotency-Key` was applied, and its reply was lost. */
  idempotencyAlreadyApplied: 'base.idempotency_already_applied',
} as const;

export type ReasonKey = (typeof Reason)[keyof typeof Reason];

export const httpStatusOfReason: Record<ReasonKey, number> = {
  'base.success': 200,
  'base.unknown': 500,
  'base.request_format_error': 400,
  'base.unauthorized_error': 401,
  'base.forbidden_error': 403,
  'base.not_found': 404,
  'base.too_many_requests': 429,
  'base.database_error': 500,
  'base.service_unavailable': 503,
  'base.idempotency_key_reused': 422,
  'base.idempotency_in_progress': 409,
  'base.idempotency_already_applied': 409,
};

/** Seconds a client is told to wait (`Retry-After`) before trying again while a dependency is down. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
