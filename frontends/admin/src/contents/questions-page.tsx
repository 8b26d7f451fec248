import { Pin, Show } from '@agora/contracts/posts/status';
import {
  type AdminQuestionFilter,
  type AdminQuestionInfo,
  type AdminQuestionStatus,
  adminContentsApi,
  invalidateKeys,
  Link,
  queryKeys,
  questionPath,
  useTranslation,
} from '@agora/kit';
import { Box, Chip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminList, LIST_PAGE_SIZE } from '../lists/admin-list';
import { useListFilters } from '../lists/list-filters';
import { ContentFilters } from './content-filters';
import { usePostColumns } from './post-columns';
import { PurgeButton } from './purge-button';
import { StatusMenu } from './status-menu';
import { useStatusChange } from './use-status-change';

const FILTERS: readonly AdminQuestionFilter[] = ['available', 'closed', 'deleted', 'pending'];
/** From each status, the ones an admin may set (a held question is decided in the review queue). */
const CHOICES: Record<AdminQuestionFilter, readonly AdminQuestionStatus[]> = {
  available: ['closed', 'deleted'],
  closed: ['available', 'deleted'],
  deleted: ['available'],
  pending: [],
};

/** `/admin/questions`: the questions of one status, searched, with their status changes. */
export function QuestionsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { status, page, query } = useListFilters(FILTERS);
  const params = { page, page_size: LIST_PAGE_SIZE, status, query };
  const list = useQuery({
    queryKey: queryKeys.adminContentPage('question', params),
    queryFn: () => adminContentsApi.questions(params),
  });
  const { votes, author, created } = usePostColumns<AdminQuestionInfo>();
  const change = useStatusChange('question', adminContentsApi.questionStatus);
  return (
    <AdminList
      toolbar={
        status === 'deleted' ? (
          <PurgeButton
            type="questions"
            disabled={!list.data?.count}
            onDone={() =>
              void invalidateKeys(client, queryKeys.adminContents('question'), queryKeys.adminContents('answer'))
            }
          />
        ) : undefined
      }
      title={t('ui.admin.menu.questions')}
      filters={<ContentFilters statuses={FILTERS} status={status} label={t('ui.admin.contents.search_questions')} />}
      data={list.data}
      page={page}
      testId="admin-questions"
      rowId={{ attribute: 'data-question', of: (q) => q.id }}
      columns={[
        {
          id: 'post',
          label: t('ui.admin.contents.post'),
          maxWidth: 420,
          cell: (q) => (
            <>
              <Link to={questionPath(undefined, q.id, q.url_title)}>{q.title}</Link>
              <Box sx={{ mt: 0.5, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                {q.pin === Pin.pinned ? <Chip size="small" label={t('ui.admin.contents.pinned')} /> : null}
                {q.show === Show.hidden ? <Chip size="small" label={t('ui.admin.contents.hidden')} /> : null}
                <Typography variant="caption" color="text.secondary" sx={{ display: { md: 'none' } }}>
                  {q.user_info.display_name}
                </Typography>
              </Box>
            </>
          ),
        },
        votes,
        {
          id: 'answers',
          label: t('ui.admin.contents.answers'),
          align: 'right',
          from: 'sm',
          cell: (q) => q.answer_count,
        },
        author,
        created,
      ]}
      actions={(q) => <StatusMenu name={q.title} choices={CHOICES[status]} onChoose={(next) => change(q.id, next)} />}
      empty={{ text: t('ui.admin.contents.none'), testId: 'contents-none' }}
    />
  );
}
