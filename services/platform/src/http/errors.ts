import {
  type ErrType,
  type FieldError,
  type ForbiddenType,
  httpStatusOfReason,
  type MessageKey,
  Reason,
  type ReasonKey,
} from '@agora/contracts';

/** A field error before translation: the message key and its parameters. */
export interface FieldProblem {
  field: string;
  key: MessageKey | string;
  params?: Record<string, string | number>;
}

/**
 * An error the client is meant to see, answered in the envelope. `message` is a message key or
 * literal text; `data` is the envelope's data (field errors, err_type or the 403 type).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly data: unknown = null,
    readonly messageKey?: string,
    readonly messageParams: Record<string, string | number> = {},
    readonly fields: FieldProblem[] = [],
  ) {
    super(messageKey ?? reason);
  }
}

export const errors = {
  reason(reason: ReasonKey, data: unknown = null) {
    return new ApiError(httpStatusOfReason[reason], reason, data);
  },
  /** 400 with a list of `{error_field, error_msg}`; messages are translated when answered. */
  fields(...fields: FieldProblem[]) {
    return new ApiError(400, Reason.requestFormatError, null, undefined, {}, fields);
  },
  /** 400 with a message the client shows as a toast, alert or modal. */
  business(reason: string, messageKey: string, errType?: ErrType, params: Record<string, string | number> = {}) {
    return new ApiError(400, reason, errType ? { err_type: errType } : null, messageKey, params);
  },
  unauthorized() {
    return new ApiError(401, Reason.unauthorized);
  },
  forbidden(type?: ForbiddenType, messageKey?: string) {
    return new ApiError(403, Reason.forbidden, type ? { type } : null, messageKey);
  },
  notFound(messageKey?: string) {
    return new ApiError(404, Reason.notFound, null, messageKey);
  },
  tooManyRequests() {
    return new ApiError(429, Reason.tooManyRequests);
  },
  /** 503 with `Retry-After`: a dependency (the database) cannot be reached for now. */
  unavailable() {
    return new ApiError(503, Reason.unavailable);
  },
  /** 503 for a write whose service stopped answering mid-way: it may or may not have been applied. */
  outcomeUnknown() {
    return new ApiError(503, Reason.unavailable, null, 'base.outcome_unknown');
  },
};

export type { FieldError };
