import { Limits } from '@agora/contracts/limits';
import { Box, Typography } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { questionApi } from '../api/calls/posts';
import { queryKeys } from '../api/query-keys';
import { useHydrated } from '../app/use-hydrated';
import { Loading } from '../guards/guarded';
import { useTranslation } from '../i18n/use-translation';
import { NewItemsNotice } from '../live/new-items-notice';
import { refreshLater } from '../live/refresh';
import { navigate, useLocation, useSearchParams, withParams } from '../router/history';
import { useLoginState } from '../session/session';
import { usePermalink } from '../site/site-facts';
import { Pagination } from '../ui/pagination';
import { SortBar } from '../ui/sort-bar';
import { QuestionRow } from './question-row';
import { useNewQuestions } from './use-new-questions';

export const QUESTION_SORTS = ['active', 'newest', 'frequent', 'score', 'unanswered'] as const;

/** Sorts that put a question just asked first. */
const NEWEST_FIRST: readonly string[] = ['active', 'newest'];

/** The "For you" tab's sort: the questions recommended to the signed-in member (`question/recommend/page`). */
export const FOR_YOU_SORT = 'recommend';

const listQuery = (order: string, page: number, tag?: string) => {
  if (order === FOR_YOU_SORT) {
    const params = { page, page_size: Limits.pageSize.questionList };
    return { queryKey: queryKeys.recommendedPage(params), queryFn: () => questionApi.recommended(params) };
  }
  const params = { order, page, page_size: Limits.pageSize.questionList, tag };
  return { queryKey: queryKeys.questionPage(params), queryFn: () => questionApi.page(params) };
};

/**
 * The question list: sort bar (active by default), rows, pagination of 20, the empty state;
 * filtered by a tag on tag pages. The next page is fetched ahead so moving to it is immediate. With `forYou`,
 * a signed-in member also has the "For you" tab, first; the server draws the list for anonymous visitors, so the
 * tab appears once the page is the browser's. Questions asked meanwhile wait behind "N new questions" (all
 * questions only: a message does not say a question's tags).
 */
export function QuestionList({ tag, title, forYou }: { tag?: string; title: string; forYou?: boolean }) {
  const { t } = useTranslation();
  const params = useSearchParams();
  const location = useLocation();
  const client = useQueryClient();
  const permalink = usePermalink();
  const { isLogged } = useLoginState();
  const personal = useHydrated() && Boolean(forYou) && isLogged;
  const sorts: readonly string[] = personal ? [FOR_YOU_SORT, ...QUESTION_SORTS] : QUESTION_SORTS;
  const sort = sorts.find((s) => s === params.get('sort')) ?? Limits.defaults.questionSort;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({ ...listQuery(sort, page, tag), placeholderData: keepPreviousData });
  const count = list.data?.count ?? 0;
  useEffect(() => {
    if (page * Limits.pageSize.questionList < count) void client.prefetchQuery(listQuery(sort, page + 1, tag));
  }, [client, sort, page, tag, count]);
  const forYouEmpty = sort === FOR_YOU_SORT;
  const fresh = useNewQuestions(!tag && sort !== FOR_YOU_SORT, list.data?.list);
  const showNew = () => {
    fresh.clear();
    refreshLater(client, [queryKeys.questions()]);
    if (page > 1 || !NEWEST_FIRST.includes(sort)) navigate(withParams(location, { sort: 'newest', page: null }));
  };
  return (
    <Box data-testid="question-list">
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <SortBar value={sort} options={sorts.map((s) => ({ value: s, label: t(`ui.questions.sort.${s}`) }))} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('ui.questions.count', { count })}
      </Typography>
      <NewItemsNotice
        label={fresh.count > 0 ? t('ui.questions.new_questions', { count: fresh.count }) : null}
        onShow={showNew}
        testId="new-questions"
      />
      {list.isPending ? <Loading /> : null}
      {list.data && list.data.count === 0 ? (
        <Typography
          sx={{ py: 6, px: 2, textAlign: 'center' }}
          color="text.secondary"
          data-testid={forYouEmpty ? 'for-you-empty' : 'questions-empty'}
        >
          {t(forYouEmpty ? 'ui.questions.for_you_empty' : 'ui.questions.empty')}
        </Typography>
      ) : null}
      <Box
        component="ul"
        sx={{ p: 0, m: 0 }}
        data-page={list.isPlaceholderData ? undefined : page}
        data-testid="question-rows"
      >
        {list.data?.list.map((question) => (
          <QuestionRow key={question.id} question={question} permalink={permalink} />
        ))}
      </Box>
      <Pagination currentPage={page} totalSize={count} pageSize={Limits.pageSize.questionList} />
    </Box>
  );
}
