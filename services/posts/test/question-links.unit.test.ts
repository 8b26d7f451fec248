import { toShortId } from '@agora/platform';
import { describe, expect, it } from 'vitest';
import { questionLinksIn, siteOfLink, sitesOf } from '../src/domain/links/question-links';

const Q1 = '10010000000000000000001';
const Q2 = '10010000000000000000002';
const ANSWER = '10020000000000000000009';
const TAG = '10030000000000000000003';

describe('questionLinksIn', () => {
  it('finds root-relative and absolute links, with or without the title slug and an answer id', () => {
    const text = [
      `See [this](/questions/${Q1}) and <https://agora.example/questions/${Q2}/how-to-test>.`,
      `Also https://agora.example/questions/${Q1}/how-to/${ANSWER} in plain text,`,
      `and <a href="/questions/${Q2}/slug">an anchor</a>.`,
    ].join('\n');
    expect(questionLinksIn(text)).toEqual([
      { questionId: Q1, site: '' },
      { questionId: Q2, site: 'agora.example' },
      { questionId: Q1, site: 'agora.example' },
      { questionId: Q2, site: '' },
    ]);
  });

  it('reads short ids as their long form', () => {
    expect(questionLinksIn(`[short](/questions/${toShortId(Q1)}/a-slug)`)).toEqual([{ questionId: Q1, site: '' }]);
  });

  it('names the site: host with port, a path below the root, no scheme, default ports dropped', () => {
    expect(questionLinksIn(`http://Agora.Example:8080/forum/questions/${Q1}`)).toEqual([
      { questionId: Q1, site: 'agora.example:8080/forum' },
    ]);
    expect(questionLinksIn(`(https://agora.example:443/questions/${Q1}) (//agora.example/questions/${Q2})`)).toEqual([
      { questionId: Q1, site: 'agora.example' },
      { questionId: Q2, site: 'agora.example' },
    ]);
    expect(questionLinksIn(`[x](/forum/questions/${Q1})`)).toEqual([{ questionId: Q1, site: '/forum' }]);
  });

  it('skips what is not a link to a question', () => {
    const text = [
      `/questions/${ANSWER} /questions/${TAG} /questions/ask /questions/tagged/go /questions/123`,
      `questions/${Q1} ../questions/${Q1} mailto:x/questions/${Q1} /questions/${Q1}0`,
      `https://agora.example/questions?id=${Q1} ftp://agora.example/questions/${Q1}`,
    ].join(' ');
    expect(questionLinksIn(text)).toEqual([]);
  });

  it('lists each question once per site', () => {
    expect(questionLinksIn(`/questions/${Q1} /questions/${Q1}/slug [again](/questions/${Q1})`)).toEqual([
      { questionId: Q1, site: '' },
    ]);
  });
});

describe('sitesOf and siteOfLink', () => {
  it('accepts the site address and root-relative links as this site’s', () => {
    expect(sitesOf('http://agora.test')).toEqual(['agora.test', '']);
    expect(sitesOf('https://Agora.Example/forum/')).toEqual(['agora.example/forum', '/forum']);
    expect(sitesOf('https://agora.example:8443')).toEqual(['agora.example:8443', '']);
  });

  it('reads what comes before /questions/', () => {
    expect(siteOfLink('')).toBe('');
    expect(siteOfLink('/a/b/')).toBe('/a/b');
    expect(siteOfLink('https://x.example/')).toBe('x.example');
    expect(siteOfLink('https://user@x.example')).toBeUndefined();
    expect(siteOfLink('javascript:')).toBeUndefined();
    expect(siteOfLink('questions')).toBeUndefined();
  });
});
