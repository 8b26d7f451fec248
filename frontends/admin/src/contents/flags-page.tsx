import type { FlagOperation } from '@agora/contracts/moderation/events';
import {
  adminContentsApi,
  dialogs,
  invalidateKeys,
  Link,
  navigate,
  queryKeys,
  questionPath,
  RelativeTime,
  type ReportItem,
  toast,
  useLocation,
  useSearchParams,
  useTranslation,
  withParams,
} from '@agora/kit';
import { Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminList, LIST_PAGE_SIZE } from '../lists/admin-list';
import { FilterBar, StatusTabs, useListFilters } from '../lists/list-filters';

const STATUSES = ['pending', 'completed'] as const;
const OBJECT_TYPES = ['', 'question', 'answer', 'comment', 'user'] as const;

/** What an admin may do with a pending flag, per kind of object (suspending a member is the users page's). */
const ACTIONS: Record<string, FlagOperation[]> = {
  question: ['ignore_report', 'unlist_post', 'delete_post'],
  answer: ['ignore_report', 'delete_post'],
  comment: ['ignore_report', 'delete_post'],
  user: ['ignore_report'],
};

function linkOf(flag: ReportItem): string {
  if (flag.object_type === 'user') return `/users/${flag.author_user_info.username}`;
  return questionPath(undefined, flag.question_id, flag.url_title, flag.answer_id || undefined);
}

/** The kind of object the flags are listed for (all by default); it lives in the address. */
function ObjectTypeFilter({ objectType }: { objectType: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <TextField
      select
      size="small"
      label={t('ui.admin.contents.object_type')}
      value={objectType}
      onChange={(event) => navigate(withParams(location, { object_type: event.target.value || null, page: null }))}
      sx={{ ml: { sm: 'auto' }, minWidth: 180 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {OBJECT_TYPES.map((value) => (
        <MenuItem key={value || 'all'} value={value}>
          {value ? t(`ui.review.object_${value}`) : t('ui.admin.contents.all_types')}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** `/admin/flags`: pending or handled flags, of one kind of object if chosen, and handling the pending ones. */
export function FlagsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const search = useSearchParams();
  const { status, page } = useListFilters(STATUSES);
  const wantedType = search.get('object_type') ?? '';
  const objectType = (OBJECT_TYPES as readonly string[]).includes(wantedType) ? wantedType : '';
  const params = { page, page_size: LIST_PAGE_SIZE, status, ...(objectType ? { object_type: objectType } : {}) };
  const list = useQuery({
    queryKey: queryKeys.adminContentPage('reports', params),
    queryFn: () => adminContentsApi.flags(params),
  });
  const handle = (flag: ReportItem, operation: FlagOperation) => {
    const run = () =>
      void adminContentsApi
        .handleFlag(flag.flag_id, operation)
        .then(() => toast.success(t('ui.review.flag_handled')))
        .catch(() => undefined)
        .finally(
          () =>
            void invalidateKeys(
              client,
              queryKeys.adminContents('reports'),
              queryKeys.reviewingTypes(),
              queryKeys.redDot(),
            ),
        );
    if (operation === 'ignore_report') run();
    else dialogs.confirm(t(`ui.admin.contents.confirm_${operation}`), run);
  };
  return (
    <AdminList
      title={t('ui.admin.menu.flags')}
      filters={
        <FilterBar>
          <StatusTabs
            statuses={STATUSES}
            status={status}
            labelOf={(value) => t(`ui.admin.contents.flags_${value}`)}
            testId="flag-filters"
          />
          <ObjectTypeFilter objectType={objectType} />
        </FilterBar>
      }
      data={list.data}
      page={page}
      testId="admin-flags"
      rowId={{ attribute: 'data-flag', of: (flag) => flag.flag_id }}
      columns={[
        {
          id: 'flagged',
          label: t('ui.admin.contents.flagged'),
          maxWidth: 420,
          cell: (flag) => (
            <>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Chip size="small" label={t(`ui.review.object_${flag.object_type}`)} />
                <Link to={linkOf(flag)}>{flag.title || flag.author_user_info.display_name}</Link>
              </Stack>
              {flag.reason_content ? (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  “{flag.reason_content}”
                </Typography>
              ) : null}
            </>
          ),
        },
        { id: 'reason', label: t('ui.admin.contents.reason'), from: 'md', cell: (flag) => flag.reason.name },
        {
          id: 'flagged-by',
          label: t('ui.admin.contents.flagged_by'),
          from: 'sm',
          cell: (flag) => (
            <>
              <Typography variant="body2">{flag.submitter_user.display_name}</Typography>
              <Typography variant="caption" color="text.secondary">
                <RelativeTime time={flag.submit_at} />
              </Typography>
            </>
          ),
        },
      ]}
      actionsLabel={status === 'pending' ? '' : t('ui.admin.contents.outcome')}
      actions={(flag) =>
        status === 'pending' ? (
          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {(ACTIONS[flag.object_type] ?? []).map((operation) => (
              <Button
                key={operation}
                size="small"
                color={operation === 'delete_post' ? 'error' : 'inherit'}
                onClick={() => handle(flag, operation)}
                data-testid={`admin-flag-${operation}`}
              >
                {t(`ui.review.op_${operation}`)}
              </Button>
            ))}
          </Stack>
        ) : (
          <Chip size="small" label={t(`ui.admin.contents.outcome_${flag.status}`, { defaultValue: flag.status })} />
        )
      }
      empty={{ text: t('ui.admin.contents.no_flags'), testId: 'flags-none' }}
    />
  );
}
