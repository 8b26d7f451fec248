import { escapeHtml } from '@agora/platform';
import { describe, expect, it } from 'vitest';
import {
  type AccountMailKind,
  accountLink,
  LINK_LIFETIME_MINUTES,
  renderAccountMail,
} from '../src/mail/templates/account-mail';

const base = {
  displayName: 'Ada',
  code: 'abc123',
  siteName: 'Agora Test',
  siteUrl: 'https://qa.example.com',
};

const cases: Array<[AccountMailKind, string, string, string]> = [
  ['activation', '/users/account-activation', '[Agora Test] Confirm your new account', '[Agora Test] 确认你的新账户'],
  ['password_reset', '/users/password-reset', '[Agora Test] Password reset', '[Agora Test] 重置密码'],
  [
    'email_change',
    '/users/confirm-new-email',
    '[Agora Test] Confirm your new email address',
    '[Agora Test] 确认你的新电子邮件地址',
  ],
];

describe('account mail templates', () => {
  for (const [kind, path, english, chinese] of cases) {
    it(`${kind}: subject, text and HTML in en_US with the link and its lifetime`, () => {
      const mail = renderAccountMail({ ...base, kind, language: 'en_US' });
      const link = `https://qa.example.com${path}?code=abc123`;
      expect(mail.subject).toBe(english);
      expect(mail.text).toContain('Hi Ada,');
      expect(mail.text).toContain(link);
      expect(mail.text).toContain(`expires in ${LINK_LIFETIME_MINUTES} minutes`);
      expect(mail.html).toContain(`<a href="${link}"`);
      expect(mail.html).toContain('<html lang="en-US">');
      expect(mail.html).toContain('expires in 10 minutes');
    });

    it(`${kind}: subject, text and HTML in zh_CN`, () => {
      const mail = renderAccountMail({ ...base, kind, language: 'zh_CN' });
      expect(mail.subject).toBe(chinese);
      expect(mail.text).toContain('Ada，你好：');
      expect(mail.text).toContain('10 分钟后失效');
      expect(mail.text).toContain(`https://qa.example.com${path}?code=abc123`);
      expect(mail.html).toContain('<html lang="zh-CN">');
      expect(mail.html).toContain('10 分钟后失效');
    });
  }

  it('accepts other spellings of a language and falls back to en_US for unsupported ones', () => {
    expect(renderAccountMail({ ...base, kind: 'password_reset', language: 'zh-CN' }).subject).toBe(
      '[Agora Test] 重置密码',
    );
    expect(renderAccountMail({ ...base, kind: 'password_reset', language: 'fr_FR' }).subject).toBe(
      '[Agora Test] Password reset',
    );
    expect(renderAccountMail({ ...base, kind: 'password_reset', language: '' }).subject).toBe(
      '[Agora Test] Password reset',
    );
  });

  it('URL-encodes the code and drops a trailing slash of the site URL', () => {
    expect(accountLink('https://qa.example.com/', '/users/password-reset', 'a b&c=d/é?')).toBe(
      'https://qa.example.com/users/password-reset?code=a%20b%26c%3Dd%2F%C3%A9%3F',
    );
    const mail = renderAccountMail({ ...base, kind: 'activation', language: 'en_US', code: 'x&y"z' });
    expect(mail.text).toContain('?code=x%26y%22z');
    expect(mail.html).toContain('href="https://qa.example.com/users/account-activation?code=x%26y%22z"');
  });

  it('HTML-escapes every interpolated value', () => {
    const mail = renderAccountMail({
      kind: 'activation',
      language: 'en_US',
      displayName: '<script>alert(1)</script>',
      code: 'c',
      siteName: 'Q&A "Site" <b>',
      siteUrl: 'https://qa.example.com/"><img src=x onerror=alert(1)>',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('href="https://qa.example.com/&quot;&gt;&lt;img src=x onerror=alert(1)&gt;/users/');
    expect(mail.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.html).toContain('Welcome to Q&amp;A &quot;Site&quot; &lt;b&gt;.');
    expect(mail.html).toContain('<title>[Q&amp;A &quot;Site&quot; &lt;b&gt;] Confirm your new account</title>');
    // The plain text part is not HTML: it keeps the values as they are.
    expect(mail.text).toContain('Hi <script>alert(1)</script>,');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('keeps the subject on one line whatever the site name holds', () => {
    const mail = renderAccountMail({ ...base, kind: 'activation', language: 'en_US', siteName: 'Evil\r\nBcc: x@y' });
    expect(mail.subject).toBe('[Evil Bcc: x@y] Confirm your new account');
  });

  it('greets without a name when the user has none', () => {
    expect(renderAccountMail({ ...base, kind: 'activation', language: 'en_US', displayName: '' }).text).toMatch(
      /^Hi,\n/,
    );
    expect(renderAccountMail({ ...base, kind: 'activation', language: 'zh_CN', displayName: '' }).text).toMatch(
      /^你好：\n/,
    );
  });
});
