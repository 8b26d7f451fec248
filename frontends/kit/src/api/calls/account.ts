import type { UserInfo } from '../../session/user';
import { api } from '../client';

export interface CaptchaFields {
  captcha_id?: string;
  captcha_code?: string;
}

export interface ActionRecord {
  captcha_id: string;
  captcha_img: string;
  verify: boolean;
}

/** Identity's account calls (api.md, user / account). */
export const accountApi = {
  /** The signed-in user, or null without a (valid) token. */
  userInfo: () => api.get<UserInfo | null>('user/info'),
  login: (body: { e_mail: string; pass: string } & CaptchaFields) => api.post<UserInfo>('user/login/email', body),
  register: (body: { e_mail: string; name: string; pass: string } & CaptchaFields) =>
    api.post<UserInfo>('user/register/email', body),
  logout: () => api.get<null>('user/logout', { silent: true }),
  passwordReset: (body: { e_mail: string } & CaptchaFields) => api.post<null>('user/password/reset', body),
  /** Handled by the page: an expired link there has its own message. */
  passwordReplacement: (body: { code: string; pass: string }) =>
    api.post<null>('user/password/replacement', body, { silent: true }),
  /** Activation: the code from the mail; answers the activated user with a fresh token. */
  verifyEmail: (code: string) => api.post<UserInfo>('user/email/verification', undefined, { params: { code } }),
  resendActivation: (captcha: CaptchaFields) =>
    api.post<null>('user/email/verification/send', undefined, { params: { ...captcha } }),
  changeEmailCode: (body: { e_mail: string; pass?: string } & CaptchaFields) =>
    api.post<null>('user/email/change/code', body),
  /** Handled by the page: an expired link there has its own message. */
  confirmNewEmail: (code: string) => api.put<UserInfo>('user/email', { code }, { silent: true }),
  setInterface: (body: { language: string; color_scheme: string }) => api.put<null>('user/interface', body),
  actionRecord: (action: string) => api.get<ActionRecord>('user/action/record', { params: { action } }),
  bindEmail: (body: { binding_key: string; email: string; must: boolean }) =>
    api.post<{ access_token: string; email_exist_and_must_be_confirmed: boolean }>('connector/binding/email', body),
};
