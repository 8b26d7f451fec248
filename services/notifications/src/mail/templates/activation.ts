import type { AccountMailTemplate } from './account-mail';

/** After registration (and "resend activation"): confirms the address and activates the account. */
export const activationTemplate: AccountMailTemplate = {
  kind: 'activation',
  path: '/users/account-activation',
  copy: {
    en_US: {
      subject: ({ siteName }) => `[${siteName}] Confirm your new account`,
      intro: ({ siteName }) => [
        `Welcome to ${siteName}.`,
        'Click the following link to confirm your email address and activate your new account:',
      ],
    },
    zh_CN: {
      subject: ({ siteName }) => `[${siteName}] 确认你的新账户`,
      intro: ({ siteName }) => [`欢迎加入 ${siteName}。`, '请点击以下链接确认你的电子邮件地址并激活你的新账户：'],
    },
  },
};
