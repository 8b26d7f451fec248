import type { FieldError } from '@agora/contracts/api/envelope';

/** A failed call: the envelope's code, reason, message and data, with the field errors when there are any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** `[{error_field, error_msg}]` of a 400: mapped onto form fields by the caller. */
  get fieldErrors(): FieldError[] {
    return Array.isArray(this.data)
      ? (this.data as FieldError[]).filter((e) => e && typeof e.error_field === 'string')
      : [];
  }

  /** `data.err_type` of a 400: toast, alert or modal. */
  get errType(): string | undefined {
    const data = this.data as { err_type?: unknown } | null;
    return data && typeof data === 'object' && typeof data.err_type === 'string' ? data.err_type : undefined;
  }

  /** `data.type` of a 403: inactive, suspended or url_expired. */
  get forbiddenType(): string | undefined {
    const data = this.data as { type?: unknown } | null;
    return data && typeof data === 'object' && typeof data.type === 'string' ? data.type : undefined;
  }
}
