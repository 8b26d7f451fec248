import { ApiError } from '../api/api-error';
import { accountApi, type CaptchaFields } from '../api/calls/account';
import type { ActionRecordResp } from '../api/wire';
import { createStore } from '../store';

export interface CaptchaRequest {
  action: string;
  record: ActionRecordResp;
  /** The server's message when the last answer was wrong. */
  error?: string;
  answer: (fields: Required<CaptchaFields> | null) => void;
}

export const captchaStore = createStore<CaptchaRequest | null>(null);

/** The person closed the captcha modal: the action is abandoned. */
export class CaptchaCancelled extends Error {
  constructor() {
    super('captcha cancelled');
    this.name = 'CaptchaCancelled';
  }
}

function ask(action: string, record: ActionRecordResp, error?: string) {
  return new Promise<Required<CaptchaFields> | null>((answer) => captchaStore.set({ action, record, error, answer }));
}

const captchaErrorOf = (error: unknown) =>
  error instanceof ApiError ? error.fieldErrors.find((f) => f.error_field === 'captcha_code') : undefined;

/**
 * The captcha flow: the action is checked first (`user/action/record`, only when the site has
 * captchas on); when one is due the modal asks for it; a field error on captcha_code reopens the modal
 * with a fresh image.
 */
export async function withCaptcha<T>(
  action: string,
  enabled: boolean,
  send: (fields: CaptchaFields) => Promise<T>,
): Promise<T> {
  let record: ActionRecordResp | null = enabled ? await accountApi.actionRecord(action) : null;
  let error: string | undefined;
  for (;;) {
    let fields: CaptchaFields = {};
    if (record?.verify) {
      const answer = await ask(action, record, error);
      captchaStore.set(null);
      if (!answer) throw new CaptchaCancelled();
      fields = answer;
    }
    try {
      return await send(fields);
    } catch (failure) {
      const captchaError = captchaErrorOf(failure);
      if (!captchaError) throw failure;
      error = captchaError.error_msg;
      record = await accountApi.actionRecord(action);
      if (!record.verify) throw failure;
    }
  }
}

/** A new image for the open modal. */
export async function refreshCaptcha(): Promise<void> {
  const current = captchaStore.get();
  if (!current) return;
  const record = await accountApi.actionRecord(current.action);
  if (captchaStore.get() === current) captchaStore.set({ ...current, record });
}
