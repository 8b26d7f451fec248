import {
  Avatar,
  Link,
  type NotificationItem,
  navigate,
  notificationApi,
  RelativeTime,
  UserLink,
  usePermalink,
  useTranslation,
} from '@agora/kit';
import MilitaryTechOutlined from '@mui/icons-material/MilitaryTechOutlined';
import { Box, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { notificationLink } from './notification-link';

/** An unread item's mark: a dot before it. */
function UnreadDot({ unread }: { unread: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      aria-label={unread ? t('ui.notifications.unread') : undefined}
      sx={{
        flex: '0 0 8px',
        width: 8,
        height: 8,
        mt: 1,
        borderRadius: '50%',
        bgcolor: unread ? 'primary.main' : 'transparent',
      }}
    />
  );
}

/**
 * A notification: who did what on which post (the inbox), or the reputation change or badge (achievements);
 * unread ones are marked and lit. Opening one marks it read.
 */
export function NotificationRow({
  item,
  kind,
  onRead,
}: {
  item: NotificationItem;
  kind: 'inbox' | 'achievement';
  onRead: (id: string) => void;
}) {
  const permalink = usePermalink();
  const to = notificationLink(item, permalink);
  const unread = !item.is_read;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (unread) {
      event.preventDefault();
      void notificationApi
        .markRead(item.id)
        .catch(() => undefined)
        .finally(() => {
          onRead(item.id);
          navigate(to);
        });
    }
  };
  const title = to ? (
    <Link to={to} onClick={open} sx={{ fontWeight: unread ? 600 : 400, overflowWrap: 'anywhere' }}>
      {item.object_info.title}
    </Link>
  ) : (
    <span>{item.object_info.title}</span>
  );
  const user = item.user_info;
  return (
    <Box
      component="li"
      data-testid="notification"
      data-unread={unread ? 'true' : 'false'}
      sx={{
        listStyle: 'none',
        display: 'flex',
        gap: 1.5,
        px: 1.5,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: unread ? 'action.hover' : 'transparent',
      }}
    >
      <UnreadDot unread={unread} />
      {kind === 'achievement' ? (
        <Box
          sx={{
            flex: '0 0 48px',
            textAlign: 'center',
            fontWeight: 600,
            color: item.rank < 0 ? 'error.main' : 'success.main',
          }}
          data-testid="notification-rank"
        >
          {item.object_info.object_type === 'badge_award' ? (
            <MilitaryTechOutlined color="warning" />
          ) : item.rank > 0 ? (
            `+${item.rank}`
          ) : (
            item.rank
          )}
        </Box>
      ) : user ? (
        <Avatar avatar={user.avatar} name={user.display_name} size={32} />
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
          {kind === 'inbox' && user ? (
            <>
              <UserLink username={user.username}>{user.display_name}</UserLink>{' '}
            </>
          ) : null}
          {item.notification_action}
          {item.count > 1 ? ` (${item.count})` : ''}
        </Typography>
        <Typography variant="body1" component="div">
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <RelativeTime time={item.update_time} />
        </Typography>
      </Box>
    </Box>
  );
}
