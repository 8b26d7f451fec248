import { type Envelope, type Language, Reason, translate } from '@agora/contracts';

export function envelope<T>(language: Language, code: number, reason: string, data: T, message?: string): Envelope<T> {
  return { code, reason, msg: message ?? translate(language, reason), data };
}

/** The success reply of every JSON route. */
export function ok<T>(request: { language: Language }, data: T): Envelope<T> {
  return envelope(request.language, 200, Reason.success, data);
}
