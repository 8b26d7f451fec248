import type { AccountMailTemplate } from './account-mail';

/** Sent to the new address: the change takes effect only once it is confirmed. */
export const emailChangeTemplate: AccountMailTemplate = {
  kind: 'email_change',
  path: '/users/confirm-new-email',
  copy: {
    en_US: {
      subject: ({ siteName }) => `[${siteName}] Confirm your new email address`,
      intro: ({ siteName }) => [
        `You asked to use this email address for your account on ${siteName}.`,
        'Click the following link to confirm your new email address:',
      ],
    },
    zh_CN: {
      subject: ({ siteName }) => `[${siteName}] 确认你的新电子邮件地址`,
      intro: ({ siteName }) => [
        `你请求将此电子邮件地址用于你在 ${siteName} 上的账户。`,
        '请点击以下链接确认你的新电子邮件地址：',
      ],
    },
  },
};
