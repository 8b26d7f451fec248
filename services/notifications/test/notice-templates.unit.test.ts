import { describe, expect, it } from 'vitest';
import { answerLink, commentLink, questionLink, unsubscribeLink } from '../src/mail/links';
import { DIGEST_MAX_ITEMS, type NoticeItem, renderDigestMail, renderNoticeMail } from '../src/mail/templates/notice';

const input = {
  siteName: 'Agora <Test>',
  siteUrl: 'https://qa.example.com/',
  recipientName: 'Ada',
  unsubscribeUrl: 'https://qa.example.com/users/unsubscribe?code=1.1.2.abc',
};
const item: NoticeItem = {
  kind: 'new_answer',
  actorName: 'Bob <script>',
  title: 'Why "quotes" & <tags>?',
  link: 'https://qa.example.com/questions/1/why/2',
  excerpt: 'Because.',
  tags: [],
};

describe('notification mail templates', () => {
  it('renders subject, text and escaped HTML with the unsubscribe and settings links', () => {
    const mail = renderNoticeMail({ ...input, language: 'en_US', item });
    expect(mail.subject).toBe('[Agora <Test>] New answer to "Why "quotes" & <tags>?"');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('Bob <script> answered your question "Why "quotes" & <tags>?".');
    expect(mail.text).toContain('> Because.');
    expect(mail.text).toContain(input.unsubscribeUrl);
    expect(mail.text).toContain('https://qa.example.com/users/settings/notify');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Bob &lt;script&gt;');
    expect(mail.html).toContain(`href="${input.unsubscribeUrl}"`);
  });

  it('speaks the recipient language, falling back to English', () => {
    expect(renderNoticeMail({ ...input, language: 'zh-CN', item }).subject).toBe(
      '[Agora <Test>] 你的问题“Why "quotes" & <tags>?”有了新回答',
    );
    expect(renderNoticeMail({ ...input, language: 'fr_FR', item }).subject).toContain('New answer');
  });

  it('lists a digest, counting what it does not spell out', () => {
    const items = Array.from({ length: DIGEST_MAX_ITEMS + 3 }, (_, i) => ({ ...item, title: `Question ${i}` }));
    const mail = renderDigestMail({ ...input, language: 'en_US', frequency: 'weekly', items });
    expect(mail.subject).toBe(`[Agora <Test>] Your weekly summary: ${DIGEST_MAX_ITEMS + 3} updates`);
    expect(mail.text).toContain('Question 0');
    expect(mail.text).not.toContain(`Question ${DIGEST_MAX_ITEMS}"`);
    expect(mail.text).toContain('…and 3 more.');
  });

  it('builds the front end links of posts, comments and unsubscribing', () => {
    const q = { questionId: '1001', urlTitle: 'a-title' };
    expect(questionLink('https://x.test/', q)).toBe('https://x.test/questions/1001/a-title');
    expect(answerLink('https://x.test', q, '1002')).toBe('https://x.test/questions/1001/a-title/1002');
    expect(commentLink(questionLink('https://x.test', q), '1007')).toBe(
      'https://x.test/questions/1001/a-title?commentId=1007',
    );
    expect(unsubscribeLink('https://x.test', 'a.b+c')).toBe('https://x.test/users/unsubscribe?code=a.b%2Bc');
  });
});
