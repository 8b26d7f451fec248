import { Limits } from '@agora/contracts/limits';
import {
  Loading,
  Pagination,
  queryKeys,
  SortBar,
  searchApi,
  usePermalink,
  useSearchParams,
  useTranslation,
} from '@agora/kit';
import { Alert, Box, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

/** /search?q=: sorts relevance, newest, active, score; the tips; highlighted results; 15 a page. */
export function SearchPage() {
  const { t } = useTranslation();
  const params = useSearchParams();
  const permalink = usePermalink();
  const q = params.get('q')?.trim() ?? '';
  const order = SORTS.find((s) => s === params.get('sort')) ?? 'relevance';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const results = useQuery({
    queryKey: queryKeys.search(q, order, page),
    queryFn: () => searchApi.search(q, order, page, Limits.pageSize.default),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
  const data = results.data;
  return (
    <Box sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', lg: 'row' } }} data-testid="search-page">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h5" component="h1">
            {t('ui.search.heading', { q })}
          </Typography>
          <SortBar value={order} options={SORTS.map((s) => ({ value: s, label: t(`ui.search.sort.${s}`) }))} />
        </Box>
        {results.isFetching && !data ? <Loading /> : null}
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
                  words={plainWords(q)}
                  permalink={permalink}
                />
              ))}
            </Box>
            {data.count === 0 ? (
              <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
                {t('ui.search.empty')}
              </Typography>
            ) : null}
            <Pagination currentPage={page} totalSize={data.count} />
          </>
        ) : null}
      </Box>
      <Box sx={{ width: { lg: 300 }, flexShrink: 0 }}>
        <SearchTips />
      </Box>
    </Box>
  );
}
