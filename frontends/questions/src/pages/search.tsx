import { Limits } from '@agora/contracts/limits';
import {
  Loading,
  Pagination,
  queryKeys,
  SortBar,
  searchApi,
  useLoginState,
  usePermalink,
  useSearchParams,
  useSiteInfo,
  useTranslation,
  useUser,
} from '@agora/kit';
import { Alert, Box, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SearchAiCard } from '../search/ai-card';
import { SearchResultRow } from '../search/search-result';
import { SearchTips } from '../search/search-tips';

const SORTS = ['relevance', 'newest', 'active', 'score'] as const;

/** The words to mark in results: the query without its syntax ([tag], user:, answers:, score:, is:). */
const plainWords = (q: string) =>
  q
    .replace(/\[[^\]]*\]|\b(user|answers|score|is):\S+/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^"|"$/g, ''))
    .filter((w) => w.length > 1);

/** `semantic: words` asks by meaning (the assistant's `ai/search`): one page of the nearest posts, no sorts. */
const SEMANTIC = /^semantic:\s*/i;

/**
 * /search?q=: sorts relevance, newest, active, score; the tips; highlighted results; 15 a page; `semantic:` by meaning;
 * for members while the assistant is on, the AI card answering the words (not a search by meaning, already the AI's).
 */
export function SearchPage() {
  const { t } = useTranslation();
  const params = useSearchParams();
  const permalink = usePermalink();
  const signedIn = useUser() !== null;
  const { isNormal } = useLoginState();
  const aiOn = useSiteInfo().data?.ai_enabled === true;
  const q = params.get('q')?.trim() ?? '';
  const semantic = SEMANTIC.test(q);
  const order = SORTS.find((s) => s === params.get('sort')) ?? 'relevance';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const results = useQuery({
    queryKey: semantic ? queryKeys.semanticSearch(q, Limits.pageSize.default) : queryKeys.search(q, order, page),
    queryFn: () =>
      semantic
        ? searchApi.semantic(q, Limits.pageSize.default)
        : searchApi.search(q, order, page, Limits.pageSize.default),
    enabled: q !== '' && (!semantic || signedIn),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = results.data;
  return (
    <Box sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', lg: 'row' } }} data-testid="search-page">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h5" component="h1">
            {t('ui.search.heading', { q })}
          </Typography>
          {semantic ? null : (
            <SortBar value={order} options={SORTS.map((s) => ({ value: s, label: t(`ui.search.sort.${s}`) }))} />
          )}
        </Box>
        {q && !semantic && aiOn && isNormal ? (
          <Box sx={{ mt: 2 }}>
            <SearchAiCard key={q} q={q} />
          </Box>
        ) : null}
        {results.isFetching && !data ? <Loading /> : null}
        {semantic && !signedIn ? (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="semantic-sign-in">
            {t('ui.search.semantic_sign_in')}
          </Alert>
        ) : null}
        {semantic && results.error ? (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="semantic-refused">
            {results.error.message}
          </Alert>
        ) : null}
        {data === null ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('ui.search.unavailable')}
          </Alert>
        ) : null}
        {data ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ my: 1 }} data-testid="search-count">
              {t('ui.search.count', { count: data.count })}
            </Typography>
            <Box component="ul" sx={{ p: 0, m: 0 }}>
              {data.list.map((result) => (
                <SearchResultRow
                  key={`${result.object_type}-${result.object.id}`}
                  result={result}
                  words={semantic ? [] : plainWords(q)}
                  permalink={permalink}
                />
              ))}
            </Box>
            {data.count === 0 ? (
              <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
                {t('ui.search.empty')}
              </Typography>
            ) : null}
            {semantic ? null : <Pagination currentPage={page} totalSize={data.count} />}
          </>
        ) : null}
      </Box>
      <Box sx={{ width: { lg: 300 }, flexShrink: 0 }}>
        <SearchTips />
      </Box>
    </Box>
  );
}
