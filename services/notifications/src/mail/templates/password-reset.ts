import type { AccountMailTemplate } from './account-mail';

/** "Forgot password": a link to choose a new one. */
export const passwordResetTemplate: AccountMailTemplate = {
  kind: 'password_reset',
  path: '/users/password-reset',
  copy: {
    en_US: {
      subject: ({ siteName }) => `[${siteName}] Password reset`,
      intro: ({ siteName }) => [
        `Somebody asked to reset your password on ${siteName}.`,
        'If it was not you, you can safely ignore this email.',
        'Click the following link to choose a new password:',
      ],
    },
    zh_CN: {
      subject: ({ siteName }) => `[${siteName}] 重置密码`,
      intro: ({ siteName }) => [
        `有人请求重置你在 ${siteName} 上的密码。`,
        '如果这不是你本人的操作，请忽略此邮件。',
        '请点击以下链接设置新密码：',
      ],
    },
  },
};
