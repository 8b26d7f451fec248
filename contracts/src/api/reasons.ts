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
};

/** Seconds a client is told to wait (`Retry-After`) before trying again while a dependency is down. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
