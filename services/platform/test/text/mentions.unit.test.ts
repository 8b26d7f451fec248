import { describe, expect, it } from 'vitest';
import { extractMentions, linkMentions, type MentionedUser } from '../../src/text/mentions';

const users = new Map<string, MentionedUser>(
  ['alice', 'bob', 'carol', 'dave.smith', 'e-v_e', '_under_'].map((username) => [
    username,
    { username, displayName: username },
  ]),
);
const resolve = (username: string) => users.get(username);

describe('extractMentions', () => {
  it('finds handles with word characters, dots, underscores and hyphens', () => {
    expect(extractMentions('hi @alice, @dave.smith and @e-v_e!')).toEqual(['alice', 'dave.smith', 'e-v_e']);
  });

  it('lower-cases and keeps the first appearance of each', () => {
    expect(extractMentions('@Bob @alice @BOB @bob @Alice')).toEqual(['bob', 'alice']);
  });

  it('ignores handles in code spans and code blocks', () => {
    expect(extractMentions('`@alice` and ``x @bob y`` but @carol')).toEqual(['carol']);
    expect(extractMentions('```\n@alice\n```\n\n    @bob\n\n- item\n\n  ```\n  @dave\n  ```\n\n@carol')).toEqual([
      'carol',
    ]);
  });

  it('ignores e-mail addresses', () => {
    expect(
      extractMentions('mail bob@example.com or first.last@example.org, <carol@example.com>; @alice@example.com'),
    ).toEqual([]);
  });

  it('ignores link addresses and bare URLs but reads link text', () => {
    expect(
      extractMentions('[profile](https://social.example/@alice) https://medium.example/@bob www.x.example/@dave'),
    ).toEqual([]);
    expect(extractMentions('[@carol](/users/carol) and [thanks @bob](https://x.example)')).toEqual(['carol', 'bob']);
    expect(extractMentions('![@alice](/a.png)')).toEqual([]);
  });

  it('ignores raw HTML and escaped at-signs', () => {
    expect(extractMentions('<span title="@alice">x</span> \\@bob <!-- @dave -->')).toEqual([]);
  });

  it('does not take the full stop that ends a sentence', () => {
    expect(extractMentions('Thanks @alice. And @bob...')).toEqual(['alice', 'bob']);
  });

  it('finds mentions in headings, quotes, lists and tables', () => {
    expect(extractMentions('# @alice\n\n> @bob\n\n1. @carol\n\n| who |\n|---|\n| @dave |')).toEqual([
      'alice',
      'bob',
      'carol',
      'dave',
    ]);
  });

  it('finds nothing in text without mentions', () => {
    expect(extractMentions('')).toEqual([]);
    expect(extractMentions('@ alone, @@, a@b')).toEqual([]);
  });
});

describe('linkMentions', () => {
  it('links known users only', () => {
    expect(linkMentions('hi @alice and @nobody', resolve)).toBe('hi [@alice](/users/alice) and @nobody');
  });

  it('uses the username the resolver knows, whatever the case written', () => {
    expect(linkMentions('@ALICE', resolve)).toBe('[@alice](/users/alice)');
  });

  it('leaves code, e-mail, URLs and existing links alone', () => {
    const text = '`@alice` bob@example.com https://x.example/@bob [@carol](/users/carol) @dave.smith.';
    expect(linkMentions(text, resolve)).toBe(
      '`@alice` bob@example.com https://x.example/@bob [@carol](/users/carol) [@dave.smith](/users/dave.smith).',
    );
  });

  it('is idempotent and keeps the mentions extractable', () => {
    const once = linkMentions('@alice @_under_ @e-v_e', resolve);
    expect(once).toBe('[@alice](/users/alice) [@\\_under\\_](/users/_under_) [@e-v\\_e](/users/e-v_e)');
    expect(linkMentions(once, resolve)).toBe(once);
    expect(extractMentions(once)).toEqual(['alice', '_under_', 'e-v_e']);
  });

  it('links every occurrence and keeps the text around them', () => {
    expect(linkMentions('@bob\n\n> @bob said\n\n```\n@bob\n```', resolve)).toBe(
      '[@bob](/users/bob)\n\n> [@bob](/users/bob) said\n\n```\n@bob\n```',
    );
  });

  it('keeps Windows line ends', () => {
    expect(linkMentions('a\r\n\r\n@bob\r\n', resolve)).toBe('a\r\n\r\n[@bob](/users/bob)\r\n');
  });
});
