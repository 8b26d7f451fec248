import { splitScripts } from '../../text/scripts';
import { COUNT_LIMIT, type IndexQuery, type SimilarQuery } from '../port';

type Clause = Record<string, unknown>;

const TITLE_BOOST = 5;
const TAGS_BOOST = 2;

/** A CJK run: its bigrams in a row in the title or the body; one character matches the bigrams it starts. */
function cjkClause(run: string): Clause {
  const single = [...run].length === 1;
  const on = (field: string, boost: number) =>
    single ? { prefix: { [field]: { value: run, boost } } } : { match_phrase: { [field]: { query: run, boost } } };
  return { bool: { should: [on('title_cjk', TITLE_BOOST), on('body_cjk', 1)], minimum_should_match: 1 } };
}

/** Every free word in one of title, tags or body; every phrase in the title or the body. */
function textClauses(words: string[], phrases: string[]): Clause[] {
  const must: Clause[] = [];
  const { latin, cjkRuns } = splitScripts(words.join(' '));
  if (latin) {
    must.push({
      multi_match: {
        query: latin,
        type: 'cross_fields',
        operator: 'and',
        fields: [`title^${TITLE_BOOST}`, `tag_text^${TAGS_BOOST}`, 'body'],
      },
    });
  }
  for (const phrase of phrases) {
    const split = splitScripts(phrase);
    if (split.latin) {
      must.push({ multi_match: { query: split.latin, type: 'phrase', fields: [`title^${TITLE_BOOST}`, 'body'] } });
    }
    cjkRuns.push(...split.cjkRuns);
  }
  for (const run of cjkRuns) must.push(cjkClause(run));
  return must;
}

function filterClauses(query: IndexQuery): Clause[] {
  const filter: Clause[] = [{ terms: { visibility: query.visibility } }, { terms: { type: query.types } }];
  for (const group of query.tagGroups) filter.push({ terms: { tags: group } });
  if (query.userIds) filter.push({ terms: { user_id: query.userIds } });
  for (const [field, range] of [
    ['answer_count', query.answers],
    ['vote_count', query.score],
  ] as const) {
    if (!range) continue;
    filter.push({
      range: {
        [field]: { ...(range.min != null ? { gte: range.min } : {}), ...(range.max != null ? { lte: range.max } : {}) },
      },
    });
  }
  return filter;
}

const desc = (field: string) => ({ [field]: { order: 'desc' } });

function sortOf(query: IndexQuery, hasText: boolean): Clause[] {
  switch (query.order) {
    case 'relevance':
      return hasText ? [desc('_score'), desc('created_at'), desc('id')] : [desc('created_at'), desc('id')];
    case 'newest':
      return [desc('created_at'), desc('id')];
    case 'active':
      return [desc('active_at'), desc('id')];
    case 'score':
      return [desc('vote_count'), desc('created_at'), desc('id')];
  }
}

/** The search request body of an index query: counts up to COUNT_LIMIT, one page, no stored fields fetched. */
export function searchBody(query: IndexQuery, countLimit: number = COUNT_LIMIT): Clause {
  const must = textClauses(query.words, query.phrases);
  return {
    query: { bool: { must, filter: filterClauses(query) } },
    sort: sortOf(query, must.length > 0),
    from: query.offset,
    size: query.limit,
    track_total_hits: countLimit,
    _source: false,
  };
}

/** Duplicate suggestions: questions sharing any word of the title, best matches first. */
export function similarBody(query: SimilarQuery): Clause | null {
  const { latin, cjkRuns } = splitScripts(query.title);
  const should: Clause[] = [];
  if (latin) should.push({ match: { title: { query: latin } } });
  if (cjkRuns.length) should.push({ match: { title_cjk: { query: cjkRuns.join(' ') } } });
  if (should.length === 0) return null;
  return {
    query: {
      bool: {
        should,
        minimum_should_match: 1,
        filter: [{ term: { type: 'question' } }, { terms: { visibility: query.visibility } }],
      },
    },
    sort: [desc('_score'), desc('created_at'), desc('id')],
    size: query.limit,
    _source: false,
  };
}
