import {
  type AdminAiConversationItem,
  AssistantTurns,
  assistantAdminApi,
  Loading,
  queryKeys,
  RelativeTime,
  useTranslation,
} from '@agora/kit';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../layout/load-error';

/** A member's conversation with the assistant, to read (full screen on phones), with the way to delete it. */
export function AiConversationDialog({
  item,
  onClose,
  onDelete,
}: {
  item: AdminAiConversationItem;
  onClose: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const small = useMediaQuery(useTheme().breakpoints.down('sm'));
  const detail = useQuery({
    queryKey: queryKeys.adminAiConversation(item.id),
    queryFn: () => assistantAdminApi.aiConversation(item.id),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={small} data-testid="ai-conversation">
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>
        {item.topic}
        <Typography variant="body2" color="text.secondary" component="div">
          {t('ui.admin.ai_conversations.by', { name: item.user_info.display_name })} ·{' '}
          <RelativeTime time={item.created_at} />
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {detail.isError ? (
          <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
        ) : detail.data ? (
          <AssistantTurns records={detail.data.records} />
        ) : (
          <Loading />
        )}
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={onDelete} data-testid="ai-conversation-delete">
          {t('ui.admin.ai_conversations.delete')}
        </Button>
        <Button onClick={onClose}>{t('ui.admin.ai_conversations.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
