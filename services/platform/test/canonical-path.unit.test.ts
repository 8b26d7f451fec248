import { isTagSlug } from '@agora/contracts';
import { describe, expect, it } from 'vitest';
import { pathOfTarget, pathProblem } from '../src/http/canonical-path';

describe('canonical request paths', () => {
  it.each([
    '/',
    '/answer/api/v1/siteinfo',
    '/answer/api/v1/question/info/',
    '/questions/10010000000000001/why-does-c%2B%2B-differ',
    '/tags/c%23',
    '/tags/node.js',
    '/tags/.net',
    '/users/a..b',
    '/questions/1/%E4%BD%A0%E5%A5%BD',
    '/static/js/main.1a2b3c.js',
  ])('leaves %s as it is', (path) => {
    expect(pathProblem(path)).toBeNull();
  });

  it.each([
    ['/answer/api/v1/question/../../../../metrics', 'dot_segment'],
    ['/answer/api/v1/./siteinfo', 'dot_segment'],
    ['/answer/api/v1/question/%2e%2e/%2E%2E/metrics', 'dot_segment'],
    ['/answer/api/v1/question/.%2e/metrics', 'dot_segment'],
    ['/answer/api/v1/question/%2e./metrics', 'dot_segment'],
    ['/answer/api/v1/question/..;/metrics', 'dot_segment'],
    ['/answer/api/v1/question/..;x=1/metrics', 'dot_segment'],
    ['/answer/api/v1/question/..%2f..%2fmetrics', 'encoded_separator'],
    ['/answer/api/v1/question/..%2F..%2Fmetrics', 'encoded_separator'],
    ['/answer/api/v1/question/..%5c..%5cmetrics', 'encoded_separator'],
    ['/answer/api/v1/question/..\\..\\metrics', 'encoded_separator'],
    ['/answer/api/v1/question/a%00b', 'encoded_separator'],
    ['/answer/api/v1//metrics', 'empty_segment'],
    ['//answer/api/v1/siteinfo', 'empty_segment'],
    ['/answer/api/v1/question/%zz', 'malformed_encoding'],
    ['/answer/api/v1/question/%C0%AE%C0%AE', 'malformed_encoding'],
  ])('refuses %s (%s)', (path, problem) => {
    expect(pathProblem(path)).toBe(problem);
  });

  it('reads the path of a target up to its query or fragment', () => {
    expect(pathOfTarget('/a/b?c=../d')).toBe('/a/b');
    expect(pathOfTarget('/a/b#..')).toBe('/a/b');
    expect(pathOfTarget('/a/b')).toBe('/a/b');
    expect(pathProblem(pathOfTarget('/answer/api/v1/search?q=../../x'))).toBeNull();
  });

  it('takes no tag slug that would be a dot segment in its address', () => {
    expect(['.', '..', '...'].filter(isTagSlug)).toEqual([]);
    expect(['.net', 'node.js', 'c++', 'c#', 'a..b'].every(isTagSlug)).toBe(true);
  });
});
