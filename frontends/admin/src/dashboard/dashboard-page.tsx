import { Limits } from '@agora/contracts/limits';
import { LiveTopic } from '@agora/contracts/live/messages';
import {
  Avatar,
  adminApi,
  type DashboardTopUser,
  Link,
  Loading,
  queryKeys,
  refreshLater,
  useLiveOpen,
  useLiveTopic,
  useTranslation,
} from '@agora/kit';
import { Box, Chip, List, ListItem, ListItemAvatar, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ActivityChart } from './activity-chart';

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Box>
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } };
const figures = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' } };

function TopUsers({ users, unit }: { users: DashboardTopUser[]; unit: string }) {
  const { t } = useTranslation();
  if (users.length === 0) return <Typography color="text.secondary">{t('ui.admin.dashboard.nobody')}</Typography>;
  return (
    <List dense disablePadding>
      {users.map((user) => (
        <ListItem
          key={user.user_id}
          disableGutters
          secondaryAction={<Chip size="small" label={`${user.value} ${unit}`} />}
        >
          <ListItemAvatar>
            <Avatar avatar={user.avatar} name={user.display_name} size={32} />
          </ListItemAvatar>
          <ListItemText
            primary={<Link to={`/users/${user.username}`}>{user.display_name}</Link>}
            secondary={`@${user.username}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The admin dashboard: counts, health, system, the week's top members and 30 days of activity. The totals are read
 * again a moment after the `dashboard` topic says they changed (site projects them), polled while there is no stream.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const readAgain = () => refreshLater(client, [queryKeys.adminDashboard()], Limits.liveClient.settleMs);
  useLiveTopic(LiveTopic.dashboard, readAgain, readAgain);
  const live = useLiveOpen(LiveTopic.dashboard);
  const query = useQuery({
    queryKey: queryKeys.adminDashboard(),
    queryFn: adminApi.dashboard,
    refetchInterval: live ? false : Limits.liveClient.fallbackPollMs,
  });
  if (!query.data) return <Loading />;
  const { info, top_users, activity } = query.data;
  const yes = (on: boolean) => t(on ? 'ui.admin.dashboard.yes' : 'ui.admin.dashboard.no');
  return (
    <Stack spacing={2} data-testid="admin-dashboard">
      <Typography variant="h5" component="h1">
        {t('ui.admin.menu.dashboard')}
      </Typography>
      <Box sx={grid}>
        <Panel title={t('ui.admin.dashboard.site_stats')}>
          <Box sx={figures}>
            <Figure label={t('ui.admin.dashboard.questions')} value={info.question_count} />
            <Figure
              label={t('ui.admin.dashboard.resolved')}
              value={`${info.resolved_count} (${info.resolved_rate}%)`}
            />
            <Figure
              label={t('ui.admin.dashboard.unanswered')}
              value={`${info.unanswered_count} (${info.unanswered_rate}%)`}
            />
            <Figure label={t('ui.admin.dashboard.answers')} value={info.answer_count} />
            <Figure label={t('ui.admin.dashboard.comments')} value={info.comment_count} />
            <Figure label={t('ui.admin.dashboard.votes')} value={info.vote_count} />
            <Figure label={t('ui.admin.dashboard.users')} value={info.user_count} />
            <Figure label={t('ui.admin.dashboard.flags')} value={info.report_count} />
          </Box>
        </Panel>
        <Panel title={t('ui.admin.dashboard.health')}>
          <Box sx={figures}>
            <Figure label={t('ui.admin.dashboard.version')} value={info.version_info.version} />
            <Figure label={t('ui.admin.dashboard.https')} value={yes(info.https)} />
            <Figure label={t('ui.admin.dashboard.uploading_files')} value={yes(info.uploading_files)} />
            <Figure label={t('ui.admin.dashboard.smtp')} value={t(`ui.admin.dashboard.smtp_${info.smtp}`)} />
            <Figure label={t('ui.admin.dashboard.time_zone')} value={info.time_zone} />
            <Figure label={t('ui.admin.dashboard.login_required')} value={yes(info.login_required)} />
          </Box>
        </Panel>
      </Box>
      <Panel title={t('ui.admin.dashboard.activity')} testId="activity-panel">
        <Box sx={{ height: { xs: 240, sm: 300 }, position: 'relative' }}>
          <ActivityChart days={activity} />
        </Box>
      </Panel>
      <Box sx={grid}>
        <Panel title={t('ui.admin.dashboard.top_reputation')}>
          <TopUsers users={top_users.by_reputation} unit={t('ui.admin.dashboard.reputation_unit')} />
        </Panel>
        <Panel title={t('ui.admin.dashboard.top_votes')}>
          <TopUsers users={top_users.by_votes} unit={t('ui.admin.dashboard.votes_unit')} />
        </Panel>
      </Box>
      <Panel title={t('ui.admin.dashboard.system')}>
        <Box sx={figures}>
          <Figure label={t('ui.admin.dashboard.storage')} value={info.occupying_storage_space} />
          <Figure
            label={t('ui.admin.dashboard.uptime')}
            value={t('ui.admin.dashboard.uptime_value', { hours: (Number(info.app_start_time) / 3600).toFixed(1) })}
          />
          <Figure label={t('ui.admin.dashboard.runtime')} value={info.go_version} />
          <Figure label={t('ui.admin.dashboard.database')} value={info.database_version} />
          <Figure label={t('ui.admin.dashboard.database_size')} value={info.database_size} />
        </Box>
      </Panel>
    </Stack>
  );
}
