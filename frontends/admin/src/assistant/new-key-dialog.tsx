import { useTranslation } from '@agora/kit';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  Stack,
  TextField,
} from '@mui/material';
import { CopyButton } from './copy-button';

/** The new key, whole, the only time it is ever shown: copy it now. Closed only by its button, never by a stray click. */
export function NewKeyDialog({ accessKey, onClose }: { accessKey: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open fullWidth maxWidth="sm" data-testid="api-key-created" aria-labelledby="api-key-created-title">
      <DialogTitle id="api-key-created-title">{t('ui.admin.api_keys.created_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('ui.admin.api_keys.created_warning')}</Alert>
          <TextField
            label={t('ui.admin.api_keys.key')}
            value={accessKey}
            size="small"
            fullWidth
            multiline
            onFocus={(event) => event.target.select()}
            slotProps={{
              htmlInput: {
                readOnly: true,
                'data-testid': 'api-key-value',
                sx: { fontFamily: 'monospace', wordBreak: 'break-all' },
              },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <CopyButton text={accessKey} label={t('ui.admin.api_keys.copy')} testId="api-key-copy" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="api-key-created-done">
          {t('ui.admin.api_keys.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
