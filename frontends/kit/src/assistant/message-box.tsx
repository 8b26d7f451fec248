import { Limits } from '@agora/contracts/limits';
import SendIcon from '@mui/icons-material/Send';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import { IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';

/**
 * The question being written: Enter sends (Shift+Enter starts a new line); while a reply streams in, Stop ends it. A
 * question refused before any reply comes back into the box.
 */
export function MessageBox({
  onAsk,
  onStop,
  streaming,
  disabled,
  autoFocus,
}: {
  onAsk: (question: string) => Promise<boolean>;
  onStop: () => void;
  streaming: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = async () => {
    const question = text.trim();
    if (!question || streaming || disabled) return;
    setText('');
    if (!(await onAsk(question))) setText((typed) => typed || question);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
      <TextField
        fullWidth
        multiline
        maxRows={6}
        size="small"
        autoFocus={autoFocus}
        disabled={disabled}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('ui.assistant.placeholder')}
        slotProps={{
          htmlInput: {
            maxLength: Limits.ai.messageMaxLength,
            'aria-label': t('ui.assistant.message'),
            'data-testid': 'assistant-message',
          },
        }}
      />
      {streaming ? (
        <Tooltip title={t('ui.assistant.stop')}>
          <IconButton color="primary" onClick={onStop} aria-label={t('ui.assistant.stop')} data-testid="assistant-stop">
            <StopCircleOutlinedIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip title={t('ui.assistant.send')}>
          <span>
            <IconButton
              color="primary"
              onClick={() => void send()}
              disabled={disabled || !text.trim()}
              aria-label={t('ui.assistant.send')}
              data-testid="assistant-send"
            >
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Stack>
  );
}
