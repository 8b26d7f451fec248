import { AssistantChat, Link, ROUTES, useTranslation } from '@agora/kit';
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';

/**
 * The floating assistant's panel: its title bar (a new conversation, the conversation on the assistant's page, close)
 * over one conversation, scrolled on its own with the message box at its foot.
 */
export function AssistantPanel({
  conversationId,
  onConversation,
  onClose,
}: {
  conversationId?: string;
  onConversation: (id: string | undefined) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const page = conversationId ? ROUTES.aiConversation(conversationId) : ROUTES.aiAssistant;
  return (
    <Stack sx={{ height: '100%', minHeight: 0 }} data-testid="assistant-panel">
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ alignItems: 'center', px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {t('ui.assistant.title')}
        </Typography>
        <Tooltip title={t('ui.assistant.new')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('ui.assistant.new')}
              disabled={!conversationId}
              onClick={() => onConversation(undefined)}
              data-testid="assistant-panel-new"
            >
              <AddCommentOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('ui.assistant.close')}>
          <IconButton
            size="small"
            aria-label={t('ui.assistant.close')}
            onClick={onClose}
            data-testid="assistant-panel-close"
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: 1.5, pt: 1.5, display: 'flex', flexDirection: 'column' }}
      >
        <AssistantChat conversationId={conversationId} onStarted={onConversation} compact />
      </Box>
      <Box sx={{ px: 1.5, py: 0.75, borderTop: 1, borderColor: 'divider', flexShrink: 0 }}>
        <Link
          to={page}
          variant="body2"
          onClick={onClose}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          data-testid="assistant-panel-open-page"
        >
          {t('ui.assistant.open_page')}
          <OpenInNewIcon sx={{ fontSize: 14 }} aria-hidden />
        </Link>
      </Box>
    </Stack>
  );
}
