import {
  type AdminAiConversationItem,
  Avatar,
  assistantAdminApi,
  invalidateKeys,
  queryKeys,
  RelativeTime,
  UserLink,
  useSearchParams,
  useTranslation,
} from '@agora/kit';
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import { Box, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { LoadError } from '../layout/load-error';
import { AdminList } from '../lists/admin-list';
import { RowMenu } from '../lists/row-menu';
import { AiConversationDialog } from './ai-conversation-dialog';
import { DeleteConversationDialog } from './delete-conversation-dialog';

type ConversationAction = 'view' | 'delete';
const ACTIONS: readonly ConversationAction[] = ['view', 'delete'];

/** A vote count with its icon (the column's heading names it). */
function Count({ Icon, count }: { Icon: ComponentType<{ fontSize: 'inherit' }>; count: number }) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', color: count ? 'text.primary' : 'text.secondary' }}
    >
      <Icon fontSize="inherit" />
      <span>{count}</span>
    </Stack>
  );
}

/**
 * /admin/ai-conversations: every member's conversations with the AI assistant, newest first: the topic (opening the
 * conversation), the member, the helpful and unhelpful votes on its replies, when it began; a conversation deleted for
 * good after a confirmation.
 */
export function AiConversationsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const page = Math.max(1, Number(useSearchParams().get('page')) || 1);
  const list = useQuery({
    queryKey: queryKeys.adminAiConversationPage(page),
    queryFn: () => assistantAdminApi.aiConversations(page),
  });
  const [open, setOpen] = useState<{ item: AdminAiConversationItem; action: ConversationAction } | null>(null);
  const deleted = async () => {
    setOpen(null);
    await invalidateKeys(client, queryKeys.adminAiConversations());
  };
  return (
    <>
      <AdminList
        title={t('ui.admin.menu.ai_conversations')}
        filters={
          <Typography variant="body2" color="text.secondary">
            {t('ui.admin.ai_conversations.intro')}
          </Typography>
        }
        data={list.data}
        error={
          list.isError ? (
            <LoadError error={list.error} onRetry={() => void list.refetch()} testId="ai-conversations-error" />
          ) : undefined
        }
        page={page}
        testId="admin-ai-conversations"
        rowId={{ attribute: 'data-conversation', of: (item) => item.id }}
        columns={[
          {
            id: 'topic',
            label: t('ui.admin.ai_conversations.topic'),
            maxWidth: 360,
            cell: (item) => (
              <>
                <MuiLink
                  component="button"
                  type="button"
                  variant="body2"
                  underline="hover"
                  onClick={() => setOpen({ item, action: 'view' })}
                  sx={{ textAlign: 'left', fontWeight: 600, overflowWrap: 'anywhere' }}
                  data-testid="ai-conversation-open"
                >
                  {item.topic}
                </MuiLink>
                {/* Narrow screens have no vote or date columns: they go under the topic. */}
                <Stack
                  direction="row"
                  spacing={1.5}
                  sx={{ display: { xs: 'flex', sm: 'none' }, mt: 0.5, typography: 'body2', color: 'text.secondary' }}
                >
                  <Count Icon={ThumbUpOutlinedIcon} count={item.helpful_count} />
                  <Count Icon={ThumbDownOutlinedIcon} count={item.unhelpful_count} />
                  <RelativeTime time={item.created_at} />
                </Stack>
              </>
            ),
          },
          {
            id: 'member',
            label: t('ui.admin.ai_conversations.member'),
            cell: (item) => (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Avatar avatar={item.user_info.avatar} name={item.user_info.display_name} size={24} />
                <UserLink username={item.user_info.username} small>
                  {item.user_info.display_name}
                </UserLink>
              </Box>
            ),
          },
          {
            id: 'helpful',
            label: t('ui.admin.ai_conversations.helpful'),
            from: 'sm',
            cell: (item) => <Count Icon={ThumbUpOutlinedIcon} count={item.helpful_count} />,
          },
          {
            id: 'unhelpful',
            label: t('ui.admin.ai_conversations.unhelpful'),
            from: 'sm',
            cell: (item) => <Count Icon={ThumbDownOutlinedIcon} count={item.unhelpful_count} />,
          },
          {
            id: 'created',
            label: t('ui.admin.ai_conversations.created'),
            from: 'md',
            cell: (item) => <RelativeTime time={item.created_at} />,
          },
        ]}
        actions={(item) => (
          <RowMenu
            label={t('ui.admin.ai_conversations.actions_of', { topic: item.topic })}
            choices={ACTIONS}
            labelOf={(action) => t(`ui.admin.ai_conversations.${action}`)}
            onChoose={(action) => setOpen({ item, action })}
            testId="ai-conversation-actions"
            choiceTestId={(action) => `ai-conversation-${action}-open`}
          />
        )}
        empty={{ text: t('ui.admin.ai_conversations.none'), testId: 'ai-conversations-none' }}
      />
      {open?.action === 'view' ? (
        <AiConversationDialog
          item={open.item}
          onClose={() => setOpen(null)}
          onDelete={() => setOpen({ item: open.item, action: 'delete' })}
        />
      ) : null}
      {open?.action === 'delete' ? (
        <DeleteConversationDialog item={open.item} onClose={() => setOpen(null)} onDone={() => void deleted()} />
      ) : null}
    </>
  );
}
