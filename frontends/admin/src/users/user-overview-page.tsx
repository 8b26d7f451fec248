import {
  type AdminUserOverview,
  Avatar,
  adminApi,
  invalidateKeys,
  Link,
  Loading,
  queryKeys,
  RelativeTime,
  useTranslation,
  useUser,
} from '@agora/kit';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type UserAction, UserActionDialog } from './user-dialogs';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: '1 1 120px', textAlign: 'center' }} data-testid={testId}>
      <Typography variant="h6" component="div">
        {value.toLocaleString()}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Paper>
  );
}

function Overview({ user, onAction }: { user: AdminUserOverview; onAction: (action: UserAction) => void }) {
  const { t } = useTranslation();
  const me = useUser();
  const itself = me?.id === user.user_id;
  const actions: UserAction[] =
    user.status === 'inactive' ? ['role', 'status', 'password', 'activation'] : ['role', 'status', 'password'];
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Avatar avatar={user.avatar} name={user.display_name} size={64} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {user.display_name}
              {itself ? ` (${t('ui.admin.users.you')})` : ''}
            </Typography>
            <Link to={`/users/${user.username}`}>@{user.username}</Link>
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
              <Chip size="small" label={t(`ui.admin.roles.${user.role_name}`, { defaultValue: user.role_name })} />
              <Chip
                size="small"
                data-testid="user-overview-status"
                label={t(`ui.admin.users.status_${user.status}`, { defaultValue: user.status })}
                color={user.status === 'normal' ? 'success' : 'warning'}
              />
            </Stack>
          </Box>
        </Stack>
      </Paper>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
        <Count label={t('ui.admin.users.reputation')} value={user.rank} testId="user-overview-reputation" />
        <Count
          label={t('ui.admin.user_overview.questions')}
          value={user.question_count}
          testId="user-overview-questions"
        />
        <Count label={t('ui.admin.user_overview.answers')} value={user.answer_count} testId="user-overview-answers" />
        <Count
          label={t('ui.admin.user_overview.following')}
          value={user.follow_count}
          testId="user-overview-following"
        />
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          <Fact label={t('ui.form.fields.email')}>{user.e_mail}</Fact>
          <Fact label={t('ui.admin.users.joined')}>
            <RelativeTime time={user.created_at} />
          </Fact>
          <Fact label={t('ui.admin.user_overview.last_login')}>
            {user.last_login_at ? <RelativeTime time={user.last_login_at} /> : t('ui.admin.user_overview.never')}
          </Fact>
          {user.suspended_until ? (
            <Fact label={t('ui.admin.user_overview.suspended_until')}>
              {new Date(user.suspended_until * 1000).toLocaleString()}
            </Fact>
          ) : null}
          <Fact label={t('ui.admin.user_overview.location')}>{user.location || '—'}</Fact>
          <Fact label={t('ui.admin.user_overview.website')}>{user.website || '—'}</Fact>
          <Fact label={t('ui.admin.user_overview.language')}>{user.language || '—'}</Fact>
        </Box>
        {user.bio ? (
          <Box sx={{ mt: 2 }}>
            <Fact label={t('ui.admin.user_overview.bio')}>{user.bio}</Fact>
          </Box>
        ) : null}
      </Paper>
      {itself ? null : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="user-overview-actions">
          {actions.map((action) => (
            <Button key={action} variant="outlined" size="small" onClick={() => onAction(action)}>
              {t(`ui.admin.users.action_${action}`)}
            </Button>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** /admin/users/{user_id}: one member's facts, status, role and activity, and the admin's actions on them. */
export function UserOverviewPage({ params: { user_id } }: { params: { user_id: string } }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = queryKeys.adminSettings(`user/${user_id}`);
  const user = useQuery({ queryKey: key, queryFn: () => adminApi.user(user_id) });
  const [action, setAction] = useState<UserAction | null>(null);
  return (
    <Stack spacing={2} data-testid="admin-user-overview">
      <Link to="/admin/users">{t('ui.admin.user_overview.back')}</Link>
      {!user.data ? <Loading /> : <Overview user={user.data} onAction={setAction} />}
      {user.data && action ? (
        <UserActionDialog
          action={action}
          user={user.data}
          onClose={() => setAction(null)}
          onDone={() => void invalidateKeys(client, key, queryKeys.adminUsers())}
        />
      ) : null}
    </Stack>
  );
}
