import { AnswerAcceptance } from '@agora/contracts/posts/status';
import {
  type AdminAnswerFilter,
  type AdminAnswerInfo,
  type AdminAnswerStatus,
  adminContentsApi,
  invalidateKeys,
  Link,
  queryKeys,
  questionPath,
  useTranslation,
} from '@agora/kit';
import { Chip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminList, LIST_PAGE_SIZE } from '../lists/admin-list';
import { useListFilters } from '../lists/list-filters';
import { ContentFilters } from './content-filters';
import { usePostColumns } from './post-columns';
import { PurgeButton } from './purge-button';
import { StatusMenu } from './status-menu';
import { useStatusChange } from './use-status-change';

const FILTERS: readonly AdminAnswerFilter[] = ['available', 'deleted', 'pending'];
const CHOICES: Record<AdminAnswerFilter, readonly AdminAnswerStatus[]> = {
  available: ['deleted'],
  deleted: ['available'],
  pending: [],
};

/** `/admin/answers`: the answers of one status, searched, with the question each answers and their status changes. */
export function AnswersPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { status, page, query } = useListFilters(FILTERS);
  const params = { page, page_size: LIST_PAGE_SIZE, status, query };
  const list = useQuery({
    queryKey: queryKeys.adminContentPage('answer', params),
    queryFn: () => adminContentsApi.answers(params),
  });
  const { votes, author, created } = usePostColumns<AdminAnswerInfo>();
  const change = useStatusChange('answer', adminContentsApi.answerStatus);
  return (
    <AdminList
      toolbar={
        status === 'deleted' ? (
          <PurgeButton
            type="answers"
            disabled={!list.data?.count}
            onDone={() => void invalidateKeys(client, queryKeys.adminContents('answer'))}
          />
        ) : undefined
      }
      title={t('ui.admin.menu.answers')}
      filters={<ContentFilters statuses={FILTERS} status={status} label={t('ui.admin.contents.search_answers')} />}
      data={list.data}
      page={page}
      testId="admin-answers"
      rowId={{ attribute: 'data-answer', of: (a) => a.id }}
      columns={[
        {
          id: 'post',
          label: t('ui.admin.contents.post'),
          maxWidth: 480,
          cell: (a) => (
            <>
              <Link to={questionPath(undefined, a.question_id, a.question_info.url_title, a.id)}>
                {a.question_info.title}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {a.description}
              </Typography>
              {a.accepted === AnswerAcceptance.accepted ? (
                <Chip size="small" color="success" label={t('ui.admin.contents.accepted')} sx={{ mt: 0.5 }} />
              ) : null}
            </>
          ),
        },
        votes,
        author,
        created,
      ]}
      actions={(a) => (
        <StatusMenu name={a.question_info.title} choices={CHOICES[status]} onChoose={(next) => change(a.id, next)} />
      )}
      empty={{ text: t('ui.admin.contents.none'), testId: 'contents-none' }}
    />
  );
}
