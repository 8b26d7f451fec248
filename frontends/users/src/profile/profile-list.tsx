import { Limits } from '@agora/contracts/limits';
import { Loading, type Page, Pagination, useTranslation } from '@agora/kit';
import { Box, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * A profile tab's list: its rows, the empty state, and page links (`page` in the query) when there is more
 * than a page.
 */
export function ProfileList<T>({
  query,
  page,
  testId,
  children,
}: {
  query: UseQueryResult<Page<T>>;
  page: number;
  testId: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Loading />;
  const data = query.data;
  if (!data) return null;
  return (
    <Box data-testid={testId}>
      {data.count === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3 }} data-testid="profile-empty">
          {t('ui.profile.empty')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0 }}>
          {data.list.map(children)}
        </Box>
      )}
      <Pagination currentPage={page} totalSize={data.count} pageSize={Limits.pageSize.profileTab} />
    </Box>
  );
}

/**
 * One row of a profile list: a figure on the left (votes, reputation), then the title line and what
 * follows it.
 */
export function ProfileRow({
  figure,
  figureTone,
  children,
  testId,
}: {
  figure?: ReactNode;
  figureTone?: 'success' | 'error' | 'default';
  children: ReactNode;
  testId: string;
}) {
  const colour = figureTone === 'success' ? 'success.main' : figureTone === 'error' ? 'error.main' : 'text.primary';
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{ listStyle: 'none', display: 'flex', gap: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      {figure !== undefined ? (
        <Box
          sx={{
            flex: '0 0 56px',
            textAlign: 'center',
            fontWeight: 600,
            color: colour,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            alignSelf: 'flex-start',
            py: 0.5,
          }}
        >
          {figure}
        </Box>
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
