import { aiApi, Link, Loading, queryKeys, RelativeTime, ROUTES, useTranslation } from '@agora/kit';
import { Box, Button, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';

/** The member's conversations with the assistant, newest first, a page at a time; the one shown marked. */
export function ConversationList({ current, onChoose }: { current?: string; onChoose?: () => void }) {
  const { t } = useTranslation();
  const pages = useInfiniteQuery({
    queryKey: queryKeys.aiConversationPages(),
    queryFn: ({ pageParam }) => aiApi.conversations(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.reduce((n, page) => n + page.list.length, 0) < last.count && last.list.length > 0
        ? all.length + 1
        : undefined,
  });
  if (pages.isPending) return <Loading />;
  const items = pages.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <Box component="nav" aria-label={t('ui.assistant.history')} data-testid="assistant-conversations">
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 1 }}>
          {t('ui.assistant.no_conversations')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {items.map((item) => (
            <ListItemButton
              key={item.conversation_id}
              component={Link}
              to={ROUTES.aiConversation(item.conversation_id)}
              underline="none"
              color="inherit"
              selected={item.conversation_id === current}
              aria-current={item.conversation_id === current ? 'page' : undefined}
              onClick={onChoose}
              data-conversation={item.conversation_id}
              sx={{ borderRadius: 1 }}
            >
              <ListItemText
                primary={item.topic}
                secondary={<RelativeTime time={item.created_at} />}
                slotProps={{ primary: { noWrap: true, title: item.topic } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
      {pages.hasNextPage ? (
        <Button
          size="small"
          fullWidth
          onClick={() => void pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
          data-testid="assistant-conversations-more"
        >
          {t('ui.assistant.more')}
        </Button>
      ) : null}
    </Box>
  );
}
