import { describe, expect, it } from 'vitest';
import { matchPath } from '../src/router/match-path';
import { linkedAnswerId, QUESTION_ROUTE } from '../src/router/post-links';

describe('path patterns (DESIGN §7, "Routes")', () => {
  it('match literal segments and hand over named params, decoded', () => {
    expect(
      matchPath('/posts/:questionId/:answerId/edit', '/posts/10010000000000000000001/10020000000000000000002/edit'),
    ).toEqual({ questionId: '10010000000000000000001', answerId: '10020000000000000000002' });
    expect(matchPath('/tags/:tagName', '/tags/c%2B%2B')).toEqual({ tagName: 'c++' });
    expect(matchPath('/tags/:tagName', '/tags/%E0%A4%A')).toEqual({ tagName: '%E0%A4%A' });
    expect(matchPath('/users/login', '/users/login/')).toEqual({});
    expect(matchPath('/', '/')).toEqual({});
  });

  it('refuse other literals and other lengths; optional params only when present', () => {
    expect(matchPath('/posts/:questionId/edit', '/posts/1/timeline')).toBeNull();
    expect(matchPath('/posts/:questionId/edit', '/posts/1/edit/more')).toBeNull();
    expect(matchPath('/users/login', '/users')).toBeNull();
    expect(matchPath('/', '/questions')).toBeNull();
    expect(matchPath(QUESTION_ROUTE, '/questions')).toBeNull();
    expect(matchPath(QUESTION_ROUTE, '/questions/1')).toEqual({ questionId: '1' });
    expect(matchPath(QUESTION_ROUTE, '/questions/1/a-title/2')).toEqual({
      questionId: '1',
      slugOrAnswerId: 'a-title',
      answerId: '2',
    });
    expect(matchPath(QUESTION_ROUTE, '/questions/1/a/2/3')).toBeNull();
  });

  it('tell the answer a question link names by the permalink setting', () => {
    const answer = '10020000000000000000002';
    expect(linkedAnswerId({}, 1)).toBeUndefined();
    expect(linkedAnswerId({ slugOrAnswerId: 'a-title' }, 1)).toBeUndefined();
    expect(linkedAnswerId({ slugOrAnswerId: answer }, 1)).toBe(answer);
    expect(linkedAnswerId({ slugOrAnswerId: 'a-title', answerId: answer }, 3)).toBe(answer);
    expect(linkedAnswerId({ slugOrAnswerId: '2' }, 2)).toBe('2');
    expect(linkedAnswerId({ slugOrAnswerId: '2' }, undefined)).toBe('2');
  });
});
