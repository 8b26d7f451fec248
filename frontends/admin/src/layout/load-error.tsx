import { useTranslation } from '@agora/kit';
import { Alert, Button } from '@mui/material';

/** What a page shows when what it draws could not be read: the reason, and a way to try again. */
export function LoadError({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  const reason = error instanceof Error && error.message ? error.message : '';
  return (
    <Alert
      severity="error"
      data-testid={testId}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('ui.admin.load.retry')}
        </Button>
      }
    >
      {t('ui.admin.load.failed')}
      {reason ? ` ${reason}` : ''}
    </Alert>
  );
}
