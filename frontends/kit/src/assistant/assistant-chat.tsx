import { Alert, Box, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Loading } from '../guards/guarded';
import { useTranslation } from '../i18n/use-translation';
import { useSiteInfo } from '../site/site-info';
import { MessageBox } from './message-box';
import { RefusalAlert } from './refusal-alert';
import { TurnView } from './turn-view';
import { useAssistantChat } from './use-assistant-chat';

export interface AssistantChatProps {
  /** The conversation shown; none: a new one, whose id is handed to `onStarted` once its first reply starts. */
  conversationId?: string;
  onStarted?: (id: string) => void;
  /** The floating panel's: a smaller intro. */
  compact?: boolean;
}

/** What an empty conversation says. */
function Intro({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: compact ? 2 : 6, textAlign: 'center', color: 'text.secondary' }} data-testid="assistant-intro">
      <Typography variant={compact ? 'subtitle1' : 'h6'} component="p" color="text.primary">
        {t('ui.assistant.intro_title')}
      </Typography>
      <Typography variant="body2">{t('ui.assistant.intro_text')}</Typography>
    </Box>
  );
}

/**
 * A conversation with the site's AI assistant: its turns, the reply streaming in (followed down the page while the
 * member is at its end), why a question was refused, and the message box, kept at the bottom of the screen or panel.
 */
export function AssistantChat({ conversationId, onStarted, compact }: AssistantChatProps) {
  const { t } = useTranslation();
  const aiOn = useSiteInfo().data?.ai_enabled === true;
  const chat = useAssistantChat({ conversationId, onStarted });
  const end = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  useEffect(() => {
    const marker = end.current;
    if (!marker || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      atEnd.current = entry?.isIntersecting ?? true;
    });
    observer.observe(marker);
    return () => observer.disconnect();
  }, []);
  const last = chat.turns.at(-1);
  const grown = (last?.reply.content.length ?? 0) + (last?.reply.reasoning.length ?? 0);
  // A new question is followed down; a reply growing, only while the member is at its end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: followed on each new turn and each part of the reply
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [chat.turns.length]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (chat.streaming && atEnd.current) end.current?.scrollIntoView({ block: 'nearest' });
  }, [grown]);

  return (
    <Stack sx={{ flex: 1, minHeight: '100%' }} data-testid="assistant-chat">
      <Stack spacing={3} sx={{ flex: 1, pb: 2 }}>
        {chat.loading ? (
          <Loading />
        ) : chat.turns.length === 0 && aiOn ? (
          <Intro compact={compact} />
        ) : (
          chat.turns.map((turn) => (
            <TurnView
              key={turn.key}
              turn={turn}
              onVote={(id, current, chosen) => void chat.vote(id, current, chosen)}
            />
          ))
        )}
        {chat.refusal ? <RefusalAlert refusal={chat.refusal} /> : null}
        {aiOn ? null : (
          <Alert severity="info" data-testid="assistant-off">
            {t('ui.assistant.refused.off')}
          </Alert>
        )}
        <div ref={end} />
      </Stack>
      <Box sx={{ position: 'sticky', bottom: 0, bgcolor: 'background.paper', py: 1, zIndex: 1 }}>
        <MessageBox onAsk={chat.ask} onStop={chat.stop} streaming={chat.streaming} disabled={!aiOn} autoFocus />
      </Box>
    </Stack>
  );
}
