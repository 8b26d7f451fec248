import { SearchLimits, type SearchOrder, type SearchResp, type SiteSettings } from '@agora/contracts';
import { type Actor, type Db, errors } from '@agora/platform';
import { criteriaOf } from '../query-language/criteria';
import { isEmptyQuery, parseQuery } from '../query-language/parser';
import type { IndexQuery, SearchIndex } from '../search-index/port';
import { hydrateResults } from './hydrate';
import { tagGroupsOf, userIdsOf, visibilityFor } from './resolve';
import { highlightTerms } from './snippets';

export interface SearchRequest {
  q: string;
  order: SearchOrder;
  page: number;
  size: number;
}

export interface SearchDeps {
  db: Db;
  index: SearchIndex;
  settings: SiteSettings;
}

const NOTHING: SearchResp = { count: 0, list: [] };

/** The index query of a search, or null when nothing can match (contradicting operators, unknown user or tag). */
export async function indexQueryOf(
  db: Db,
  request: SearchRequest,
  actor: Actor | null,
): Promise<{ query: IndexQuery; words: string[]; phrases: string[] } | null> {
  const parsed = parseQuery(request.q);
  if (isEmptyQuery(parsed)) throw errors.fields({ field: 'q', key: 'validation.required' });
  const criteria = criteriaOf(parsed);
  if (criteria.impossible) return null;
  const tagGroups = await tagGroupsOf(db, parsed);
  const userIds = await userIdsOf(db, parsed.users, actor);
  if (!tagGroups || (userIds && userIds.length === 0)) return null;
  const offset = (request.page - 1) * request.size;
  return {
    words: criteria.words,
    phrases: criteria.phrases,
    query: {
      words: criteria.words,
      phrases: criteria.phrases,
      tagGroups,
      userIds,
      types: criteria.types,
      answers: criteria.answers,
      score: criteria.score,
      visibility: visibilityFor(actor),
      order: request.order,
      offset,
      limit: request.size,
    },
  };
}

/** `GET search`: parse, resolve tags and users, ask the index for a page, show it from the read model. */
export async function search(deps: SearchDeps, request: SearchRequest, actor: Actor | null): Promise<SearchResp> {
  const resolved = await indexQueryOf(deps.db, request, actor);
  if (!resolved) return NOTHING;
  const { query } = resolved;
  const window = SearchLimits.maxResultWindow;
  // Past the deepest page an index serves, the count is still told.
  if (query.offset >= window) {
    const { count } = await deps.index.search({ ...query, offset: 0, limit: 1 });
    return { count, list: [] };
  }
  const page = await deps.index.search({ ...query, limit: Math.min(query.limit, window - query.offset) });
  const list = await hydrateResults(
    deps.db,
    page.hits.map((h) => h.id),
    {
      visibility: query.visibility,
      terms: highlightTerms(resolved.words, resolved.phrases),
      settings: deps.settings,
    },
  );
  // A hit the read model no longer shows (deleted or hidden since the index last refreshed) is not
  // counted either, so it leaves the count as soon as it leaves the list.
  return { count: Math.max(0, page.count - (page.hits.length - list.length)), list };
}
