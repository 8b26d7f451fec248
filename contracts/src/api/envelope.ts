import { type TSchema, Type } from 'typebox';

/** The reply of every JSON endpoint: `code` repeats the HTTP status, `reason` is an i18n key, `msg` its translation. */
export interface Envelope<T = unknown> {
  code: number;
  reason: string;
  msg: string;
  data: T;
}

export interface FieldError {
  error_field: string;
  error_msg: string;
}

export interface Page<T> {
  count: number;
  list: T[];
}

export const FieldErrorSchema = Type.Object({ error_field: Type.String(), error_msg: Type.String() });

export function EnvelopeSchema<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), reason: Type.String(), msg: Type.String(), data });
}

export function PageSchema<T extends TSchema>(item: T) {
  return Type.Object({ count: Type.Integer(), list: Type.Array(item) });
}

/** `data` of a 403 that tells the client which screen to show. */
export type ForbiddenType = 'inactive' | 'suspended' | 'url_expired';

/** `data.err_type` of a 400 that tells the client how to show `msg`. */
export type ErrType = 'toast' | 'alert' | 'modal';
