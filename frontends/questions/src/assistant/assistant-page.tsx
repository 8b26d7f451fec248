import { AssistantChat, navigate, ROUTES, useTranslation } from '@agora/kit';
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import HistoryIcon from '@mui/icons-material/History';
import {
  Box,
  Button,
  Drawer,
  IconButton,
  Paper,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { ConversationList } from './conversation-list';

/**
 * /ai-assistant and /ai-assistant/:conversationId (members): the member's conversations beside the one shown (in a
 * drawer on small screens), and the chat; a new conversation moves to its own address once its first reply starts.
 */
export function AssistantPage({ params }: { params: { conversationId?: string } }) {
  const { t } = useTranslation();
  const small = useMediaQuery(useTheme().breakpoints.down('md'));
  const [historyOpen, setHistoryOpen] = useState(false);
  const current = params.conversationId;
  const list = <ConversationList current={current} onChoose={() => setHistoryOpen(false)} />;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }} data-testid="assistant-page">
      {small ? null : (
        <Paper
          variant="outlined"
          component="aside"
          sx={{
            width: 260,
            flexShrink: 0,
            p: 1,
            position: 'sticky',
            top: 16,
            maxHeight: 'calc(100vh - 32px)',
            overflowY: 'auto',
          }}
        >
          <Typography variant="subtitle2" component="h2" sx={{ px: 1, py: 0.5 }}>
            {t('ui.assistant.history')}
          </Typography>
          {list}
        </Paper>
      )}
      <Stack sx={{ flex: 1, minWidth: 0, minHeight: { xs: 'calc(100vh - 150px)', md: 'calc(100vh - 110px)' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
            {t('ui.assistant.title')}
          </Typography>
          {small ? (
            <>
              <Tooltip title={t('ui.assistant.history')}>
                <IconButton
                  aria-label={t('ui.assistant.history')}
                  onClick={() => setHistoryOpen(true)}
                  data-testid="assistant-history-open"
                >
                  <HistoryIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('ui.assistant.new')}>
                <span>
                  <IconButton
                    aria-label={t('ui.assistant.new')}
                    onClick={() => navigate(ROUTES.aiAssistant)}
                    disabled={!current}
                    data-testid="assistant-new"
                  >
                    <AddCommentOutlinedIcon />
                  </IconButton>
                </span>
              </Tooltip>
            </>
          ) : (
            <Button
              size="small"
              variant="outlined"
              startIcon={<AddCommentOutlinedIcon />}
              onClick={() => navigate(ROUTES.aiAssistant)}
              disabled={!current}
              data-testid="assistant-new"
            >
              {t('ui.assistant.new')}
            </Button>
          )}
        </Stack>
        <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
          <AssistantChat
            conversationId={current}
            onStarted={(id) => navigate(ROUTES.aiConversation(id), { replace: true })}
          />
        </Box>
      </Stack>
      {small ? (
        <Drawer anchor="bottom" open={historyOpen} onClose={() => setHistoryOpen(false)}>
          <Box sx={{ p: 1, maxHeight: '70vh', overflowY: 'auto' }} data-testid="assistant-history">
            <Typography variant="subtitle2" component="h2" sx={{ px: 1, py: 0.5 }}>
              {t('ui.assistant.history')}
            </Typography>
            {list}
          </Box>
        </Drawer>
      ) : null}
    </Box>
  );
}
