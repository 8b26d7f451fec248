import { ROUTES, useLocation, useLoginState, useSiteInfo, useTranslation } from '@agora/kit';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { Dialog, Fab, Paper, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { AssistantPanel } from './assistant-panel';

/**
 * The AI assistant on every page, for members while the site has it on: a round button at the bottom right that
 * opens one conversation in a panel (a full-screen sheet on phones). The assistant's own page needs neither. Once
 * opened, the panel stays mounted while closed, so a reply streaming in goes on.
 */
export function FloatingAssistant() {
  const { t } = useTranslation();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const aiOn = useSiteInfo().data?.ai_enabled === true;
  const { isNormal } = useLoginState();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [conversationId, setConversationId] = useState<string | undefined>();
  const onAssistantPage = pathname === ROUTES.aiAssistant || pathname.startsWith(`${ROUTES.aiAssistant}/`);
  const available = aiOn && isNormal && !onAssistantPage;
  const sheet = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!available) setOpen(false);
  }, [available]);
  // Opened: the message box takes the keyboard (on phones the sheet's own focus handling does).
  useEffect(() => {
    if (open) sheet.current?.querySelector<HTMLElement>('[data-testid="assistant-message"]')?.focus();
  }, [open]);
  // Signed out: the next member starts afresh.
  useEffect(() => {
    if (!isNormal) {
      setOpened(false);
      setConversationId(undefined);
    }
  }, [isNormal]);
  if (!available && !opened) return null;

  const label = t('ui.assistant.title');
  const panel = opened ? (
    <AssistantPanel conversationId={conversationId} onConversation={setConversationId} onClose={() => setOpen(false)} />
  ) : null;
  return (
    <>
      {available && !open ? (
        <Tooltip title={label} placement="left">
          <Fab
            color="primary"
            aria-label={label}
            onClick={() => {
              setOpened(true);
              setOpen(true);
            }}
            data-testid="assistant-fab"
            sx={{ position: 'fixed', right: { xs: 16, sm: 24 }, bottom: { xs: 16, sm: 24 }, zIndex: 'speedDial' }}
          >
            <AutoAwesomeIcon />
          </Fab>
        </Tooltip>
      ) : null}
      {small ? (
        <Dialog
          fullScreen
          keepMounted
          open={open && available}
          onClose={() => setOpen(false)}
          slotProps={{ paper: { 'aria-label': label } }}
        >
          {panel}
        </Dialog>
      ) : (
        <Paper
          ref={sheet}
          elevation={8}
          role="dialog"
          aria-label={label}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
          sx={{
            display: open && available ? 'block' : 'none',
            position: 'fixed',
            right: 24,
            bottom: 24,
            width: 420,
            height: 'min(640px, calc(100vh - 48px))',
            zIndex: 'drawer',
            overflow: 'hidden',
            borderRadius: 2,
          }}
        >
          {panel}
        </Paper>
      )}
    </>
  );
}
