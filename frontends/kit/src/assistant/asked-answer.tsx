import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { LinkButton } from '../router/link';
import { ROUTES } from '../router/routes';
import { RefusalAlert } from './refusal-alert';
import { TurnView } from './turn-view';
import { useAssistantChat } from './use-assistant-chat';

export interface AskedAnswerProps {
  /** Asked once, when first shown, in a new conversation; another question needs another instance (a new `key`). */
  question: string;
}

/**
 * A question put to the assistant for the member (the search page's words): its reply streaming in, why it was
 * refused, and once the conversation holds the reply, the way on to it on the assistant's page.
 */
export function AskedAnswer({ question }: AskedAnswerProps) {
  const { t } = useTranslation();
  const chat = useAssistantChat({});
  const asked = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per instance (`ask` is new on every render)
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void chat.ask(question);
  }, [question]);
  const last = chat.turns.at(-1);
  // The conversation to go on with, once it holds the reply (the server records it a moment after the last part).
  const kept = last?.reply.stored === true && last.reply.state === 'done' ? chat.conversationId : undefined;
  return (
    <Stack spacing={2} data-testid="assistant-asked">
      {chat.turns.map((turn) => (
        <TurnView key={turn.key} turn={turn} onVote={(id, current, chosen) => void chat.vote(id, current, chosen)} />
      ))}
      {chat.refusal ? <RefusalAlert refusal={chat.refusal} /> : null}
      {kept ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 2 }}
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <LinkButton
            to={ROUTES.aiConversation(kept)}
            variant="outlined"
            size="small"
            startIcon={<ForumOutlinedIcon />}
            sx={{ flexShrink: 0 }}
            data-testid="assistant-follow-up"
          >
            {t('ui.assistant.follow_up')}
          </LinkButton>
          <Typography variant="body2" color="text.secondary">
            {t('ui.assistant.generated')}
          </Typography>
        </Stack>
      ) : null}
    </Stack>
  );
}
