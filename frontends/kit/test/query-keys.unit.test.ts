import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateKeys, queryKeys } from '../src/api/query-keys';

const k = queryKeys;

/** A cache holding one answer for each key, and the keys a change marked stale. */
async function staleAfter(keys: QueryKey[], change: (client: QueryClient) => Promise<void>) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 1);
  await change(client);
  return keys.filter((key) => client.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated);
}

describe('query keys (DESIGN §7, "Query keys")', () => {
  const questionKeys = [
    k.questionPage({ order: 'active', page: 1, page_size: 20 }),
    k.questionPage({ order: 'frequent', page: 1, page_size: 6, in_days: 7 }),
    k.questionInfo('1'),
    k.invited('1'),
    k.relatedQuestions('1'),
    k.linkedQuestions('1'),
    k.similarQuestions('a title'),
    k.tagSuggestions('ja'),
  ];
  const answerKeys = [k.answerPage('1', 'default'), k.answerInfo('2')];
  const tagKeys = [k.tagInfo({ name: 'java' }), k.synonyms('3')];
  const tagsKeys = [
    k.tagPage({ page: 1, page_size: 30, query_cond: 'popular' }),
    k.followingTags(),
    k.tagsBySlug('following'),
  ];
  const others = [
    k.siteInfo(),
    k.redDot(),
    k.comments('1'),
    k.reactions('1'),
    k.timeline('1', false),
    k.search('q', 'newest', 1),
  ];
  const all = [...questionKeys, ...answerKeys, ...tagKeys, ...tagsKeys, ...others];

  it('are the path segments, then the parameters', () => {
    expect(k.questionInfo('1')).toEqual(['question', 'info', { id: '1' }]);
    expect(k.siteInfo()).toEqual(['siteinfo']);
    expect(k.followingTags()).not.toEqual(k.tagsBySlug('following'));
  });

  it('name a path and everything below it by their prefix', async () => {
    expect(await staleAfter(all, (c) => invalidateKeys(c, k.questions(), k.answers()))).toEqual([
      ...questionKeys,
      ...answerKeys,
    ]);
    expect(await staleAfter(all, (c) => invalidateKeys(c, k.tag(), k.tags()))).toEqual([...tagKeys, ...tagsKeys]);
    expect(await staleAfter(all, (c) => invalidateKeys(c, k.questionInfos(), k.answerPages()))).toEqual([
      k.questionInfo('1'),
      k.answerPage('1', 'default'),
    ]);
    expect(await staleAfter(all, (c) => invalidateKeys(c, k.tagPages()))).toEqual([tagsKeys[0]]);
  });
});
