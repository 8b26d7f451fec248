import { Limits } from '@agora/contracts/limits';
import { INBOX_TYPES, type InboxType } from '@agora/contracts/notifications/api';
import {
  ErrorPage,
  invalidateKeys,
  Link,
  Loading,
  type NotificationKind,
  notificationApi,
  Pagination,
  queryKeys,
  useSearchParams,
  useTranslation,
} from '@agora/kit';
import DoneAll from '@mui/icons-material/DoneAll';
import { Box, Button, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NotificationRow } from './notification-item';

const KINDS: readonly NotificationKind[] = ['inbox', 'achievement'];
const isKind = (name: string): name is NotificationKind => (KINDS as readonly string[]).includes(name);
const isInboxType = (name: string): name is InboxType => (INBOX_TYPES as readonly string[]).includes(name);

const pathOf = (kind: NotificationKind, inboxType?: InboxType) =>
  kind === 'inbox' && inboxType && inboxType !== 'all'
    ? `/users/notifications/inbox/${inboxType}`
    : `/users/notifications/${kind}`;

function Tabs<T extends string>({
  items,
  active,
  label,
  path,
  text,
}: {
  items: readonly T[];
  active: T;
  label: string;
  path: (item: T) => string;
  text: (item: T) => string;
}) {
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {items.map((item) => (
        <Button
          key={item}
          component={Link}
          to={path(item)}
          size="small"
          underline="none"
          variant={item === active ? 'contained' : 'text'}
          aria-current={item === active ? 'page' : undefined}
        >
          {text(item)}
        </Button>
      ))}
    </Box>
  );
}

/**
 * /users/notifications/{inbox|achievement}/{subType}: the member's inbox by kind (all, posts, invites, votes) or
 * achievements, newest first, a page at a time, unread ones marked; opening the list clears its red dot in the
 * header, opening an item marks it read, and all can be marked read at once.
 */
export function NotificationsPage({ params }: { params: { type?: string; subType?: string } }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const search = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const kind = params.type ?? 'inbox';
  const inboxType = params.subType ?? 'all';
  const valid = isKind(kind) && (kind === 'inbox' ? isInboxType(inboxType) : params.subType === undefined);
  const listType: InboxType = isInboxType(inboxType) ? inboxType : 'all';
  const list = useQuery({
    queryKey: queryKeys.notificationPage(kind, listType, page),
    queryFn: () => notificationApi.page(kind as NotificationKind, listType, page),
    enabled: valid,
  });
  // Seen: the list's red dot goes, as soon as it is opened.
  useEffect(() => {
    if (!isKind(kind)) return;
    void notificationApi.clearDot(kind).then((dot) => {
      if (dot) client.setQueryData(queryKeys.redDot(), dot);
    });
  }, [kind, client]);
  if (!valid || !isKind(kind)) return <ErrorPage code="404" />;
  const refresh = () => invalidateKeys(client, queryKeys.notificationPages(), queryKeys.redDot());
  const markAll = async () => {
    await notificationApi.markAllRead(kind);
    await refresh();
  };
  const unread = list.data?.list.some((item) => !item.is_read) ?? false;
  return (
    <Box data-testid="notifications-page" data-kind={kind}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('ui.notifications.heading')}
      </Typography>
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Tabs
          items={KINDS}
          active={kind}
          label={t('ui.notifications.heading')}
          path={(item) => pathOf(item)}
          text={(item) => t(`ui.notifications.kind.${item}`)}
        />
        <Button
          size="small"
          startIcon={<DoneAll />}
          onClick={() => void markAll()}
          disabled={!unread}
          data-testid="mark-all-read"
        >
          {t('ui.notifications.mark_all')}
        </Button>
      </Box>
      {kind === 'inbox' ? (
        <Box sx={{ mb: 1 }}>
          <Tabs
            items={INBOX_TYPES}
            active={listType}
            label={t('ui.notifications.kind.inbox')}
            path={(item) => pathOf('inbox', item)}
            text={(item) => t(`ui.notifications.inbox_type.${item}`)}
          />
        </Box>
      ) : null}
      {list.isPending ? <Loading /> : null}
      {list.data?.count === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3 }} data-testid="notifications-empty">
          {t('ui.notifications.empty')}
        </Typography>
      ) : null}
      <Box component="ul" sx={{ p: 0, m: 0, borderTop: list.data?.count ? 1 : 0, borderColor: 'divider' }}>
        {list.data?.list.map((item) => (
          <NotificationRow key={item.id} item={item} kind={kind} onRead={() => void refresh()} />
        ))}
      </Box>
      {list.data ? (
        <Pagination currentPage={page} totalSize={list.data.count} pageSize={Limits.pageSize.notifications} />
      ) : null}
    </Box>
  );
}
