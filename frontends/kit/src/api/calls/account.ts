import { api } from '../client';
import type { ActionRecordResp, BindingEmailResp, BindingPasswordResp, CurrentUserInfo, UserLoginResp } from '../wire';

/** `PUT user/info`: the profile fields a member edits (each obeying the site's `users` switches). */
export interface ProfileForm {
  display_name: string;
  username: string;
  avatar: { type: 'system' | 'gravatar' | 'custom'; gravatar?: string; custom?: string };
  bio: string;
  website: string;
  location: string;
}

export interface CaptchaFields {
  captcha_id?: string;
  captcha_code?: string;
}

/** Identity's account calls (the reference API's user and account routes). */
export const accountApi = {
  /** The signed-in user, or null without a (valid) token. */
  userInfo: () => api.get<CurrentUserInfo | null>('user/info'),
  login: (body: { e_mail: string; pass: string } & CaptchaFields) => api.post<UserLoginResp>('user/login/email', body),
  register: (body: { e_mail: string; name: string; pass: string } & CaptchaFields) =>
    api.post<UserLoginResp>('user/register/email', body),
  logout: () => api.get<null>('user/logout', { silent: true }),
  passwordReset: (body: { e_mail: string } & CaptchaFields) => api.post<null>('user/password/reset', body),
  /** Handled by the page: an expired link there has its own message. */
  passwordReplacement: (body: { code: string; pass: string }) =>
    api.post<null>('user/password/replacement', body, { silent: true }),
  /** Activation: the code from the mail; answers the activated user with a fresh token. */
  verifyEmail: (code: string) => api.post<UserLoginResp>('user/email/verification', undefined, { params: { code } }),
  resendActivation: (captcha: CaptchaFields) =>
    api.post<null>('user/email/verification/send', undefined, { params: { ...captcha } }),
  changeEmailCode: (body: { e_mail: string; pass?: string } & CaptchaFields) =>
    api.post<null>('user/email/change/code', body),
  /** Handled by the page: an expired link there has its own message. */
  confirmNewEmail: (code: string) => api.put<UserLoginResp>('user/email', { code }, { silent: true }),
  updateProfile: (body: ProfileForm & CaptchaFields) => api.put<null>('user/info', body),
  /** Ends every session of the account, this one included: the member signs in again. */
  changePassword: (body: { old_pass: string; pass: string } & CaptchaFields) => api.put<null>('user/password', body),
  /** An avatar picture, cropped square by the server: its URL. */
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('source', 'avatar');
    form.append('file', file);
    return api.upload<string>('file', form);
  },
  /** `time_zone` left out keeps the member's; '' follows the site's. */
  setInterface: (body: { language: string; color_scheme: string; time_zone?: string }) =>
    api.put<null>('user/interface', body),
  actionRecord: (action: string) => api.get<ActionRecordResp>('user/action/record', { params: { action } }),
  bindEmail: (body: { binding_key: string; email: string; must: boolean }) =>
    api.post<BindingEmailResp>('connector/binding/email', body),
  /** Links a provider's login to the account of `e_mail` by that account's password, and signs it in. */
  bindPassword: (body: { binding_key: string; e_mail: string; pass: string } & CaptchaFields) =>
    api.post<BindingPasswordResp>('connector/binding/password', body),
};
