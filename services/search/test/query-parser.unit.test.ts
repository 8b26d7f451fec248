import { describe, expect, it } from 'vitest';
import { criteriaOf } from '../src/query-language/criteria';
import { isEmptyQuery, parseQuery } from '../src/query-language/parser';

describe('search syntax parser', () => {
  it('reads free words, lower-cased, without the punctuation around them', () => {
    expect(parseQuery('How to Index, PostgreSQL?').words).toEqual(['how', 'to', 'index', 'postgresql']);
    expect(parseQuery('c++ c# node.js').words).toEqual(['c++', 'c#', 'node.js']);
    expect(parseQuery('# + --').words).toEqual([]);
  });

  it('reads [tag] with - + # . and spaces', () => {
    expect(parseQuery('[vue-js] [c++] [c#] [node.js] [ASP.NET-Core]').tags).toEqual([
      'vue-js',
      'c++',
      'c#',
      'node.js',
      'asp.net-core',
    ]);
    expect(parseQuery('[Vue JS]').tags).toEqual(['vue-js']);
    expect(parseQuery('[unterminated tag').tags).toEqual(['unterminated-tag']);
    expect(parseQuery('[] [  ]').tags).toEqual([]);
  });

  it('reads user:, with me and quoted names', () => {
    expect(parseQuery('user:Alice').users).toEqual([{ username: 'alice' }]);
    expect(parseQuery('user:me').users).toEqual([{ me: true }]);
    expect(parseQuery('user:"Jane  Doe" kafka').users).toEqual([{ username: 'jane doe' }]);
    expect(parseQuery('user:"Jane  Doe" kafka').words).toEqual(['kafka']);
  });

  it('reads answers:N and score:N, where 0 means exactly zero', () => {
    expect(parseQuery('answers:0').answers).toEqual([{ op: 'eq', value: 0 }]);
    expect(parseQuery('answers:3').answers).toEqual([{ op: 'gte', value: 3 }]);
    expect(parseQuery('score:0').scores).toEqual([{ op: 'eq', value: 0 }]);
    expect(parseQuery('score:5').scores).toEqual([{ op: 'gte', value: 5 }]);
    expect(parseQuery('score:-2').scores).toEqual([{ op: 'gte', value: -2 }]);
  });

  it('keeps malformed operators as free text', () => {
    const parsed = parseQuery('answers:many score:high is:comment user: answers:-1');
    expect(parsed.answers).toEqual([]);
    expect(parsed.scores).toEqual([]);
    expect(parsed.is).toEqual([]);
    expect(parsed.users).toEqual([]);
    expect(parsed.words).toEqual(['answers:many', 'score:high', 'is:comment', 'user', 'answers:-1']);
  });

  it('reads is:question and is:answer, case-insensitive', () => {
    expect(parseQuery('is:question').is).toEqual(['question']);
    expect(parseQuery('IS:Answer').is).toEqual(['answer']);
  });

  it('reads "exact phrases", also unterminated ones', () => {
    expect(parseQuery('"read  your OWN writes" kafka').phrases).toEqual(['read your own writes']);
    expect(parseQuery('kafka "no end').phrases).toEqual(['no end']);
    expect(parseQuery('""').phrases).toEqual([]);
  });

  it('combines every operator in one query', () => {
    expect(parseQuery('[kafka] [node.js] user:ada answers:2 score:1 is:question "exactly once" consumer 问题')).toEqual(
      {
        words: ['consumer', '问题'],
        phrases: ['exactly once'],
        tags: ['kafka', 'node.js'],
        users: [{ username: 'ada' }],
        is: ['question'],
        answers: [{ op: 'gte', value: 2 }],
        scores: [{ op: 'gte', value: 1 }],
      },
    );
  });

  it('tells an empty query', () => {
    expect(isEmptyQuery(parseQuery('   '))).toBe(true);
    expect(isEmptyQuery(parseQuery('"" []'))).toBe(true);
    expect(isEmptyQuery(parseQuery('is:answer'))).toBe(false);
  });
});

describe('search criteria', () => {
  it('intersects the post types of is: and answers:', () => {
    expect(criteriaOf(parseQuery('kafka')).types).toEqual(['question', 'answer']);
    expect(criteriaOf(parseQuery('is:answer')).types).toEqual(['answer']);
    expect(criteriaOf(parseQuery('answers:1')).types).toEqual(['question']);
    expect(criteriaOf(parseQuery('is:question answers:1')).impossible).toBe(false);
    expect(criteriaOf(parseQuery('is:answer answers:1')).impossible).toBe(true);
    expect(criteriaOf(parseQuery('is:answer is:question')).impossible).toBe(true);
  });

  it('combines numeric operators into one range', () => {
    expect(criteriaOf(parseQuery('score:2 score:5')).score).toEqual({ min: 5, max: null });
    expect(criteriaOf(parseQuery('answers:0')).answers).toEqual({ min: 0, max: 0 });
    expect(criteriaOf(parseQuery('score:0 score:1')).impossible).toBe(true);
  });

  it('drops English stop words, and finds nothing when only they were typed', () => {
    const c = criteriaOf(parseQuery('how do I read the model "to be or not to be" "the read model"'));
    expect(c.words).toEqual(['read', 'model']);
    expect(c.phrases).toEqual(['the read model']);
    expect(criteriaOf(parseQuery('how to')).impossible).toBe(true);
    expect(criteriaOf(parseQuery('how to [kafka]')).impossible).toBe(false);
  });
});
