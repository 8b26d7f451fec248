import { Alert, AlertTitle } from '@mui/material';
import type { ApiError } from '../api/api-error';
import { useTranslation } from '../i18n/use-translation';

/** Why a question got no reply: the assistant off, the member's hourly rate spent, a conversation of someone else's. */
export function RefusalAlert({ refusal }: { refusal: ApiError }) {
  const { t } = useTranslation();
  const kind =
    refusal.status === 429
      ? 'rate_limited'
      : refusal.status === 403
        ? 'foreign'
        : refusal.reason === 'error.ai.disabled'
          ? 'off'
          : 'failed';
  const severity = kind === 'off' ? 'info' : kind === 'rate_limited' ? 'warning' : 'error';
  return (
    <Alert severity={severity} data-testid="assistant-refusal" data-kind={kind}>
      {kind === 'off' ? (
        t('ui.assistant.refused.off')
      ) : (
        <>
          <AlertTitle>{t(`ui.assistant.refused.${kind}`)}</AlertTitle>
          {kind === 'foreign' ? t('ui.assistant.refused.foreign_text') : refusal.message}
        </>
      )}
    </Alert>
  );
}
