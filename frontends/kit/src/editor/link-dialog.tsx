import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';

/** The link dialog: the URL is required and starts as `https://`; the name is optional. */
export function LinkDialog({
  initialName,
  onClose,
  onInsert,
}: {
  initialName: string;
  onClose: () => void;
  onInsert: (url: string, name: string) => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('https://');
  const [name, setName] = useState(initialName);
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // a dialog's form sits inside the page's form in the React tree
    const trimmed = url.trim();
    if (!trimmed || trimmed === 'https://' || trimmed === 'http://') {
      setError(`${t('ui.editor.url')} ${t('ui.messages.empty')}`);
      return;
    }
    onInsert(trimmed, name);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate data-testid="link-dialog">
        <DialogTitle>{t('ui.editor.link')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              name="url"
              label={t('ui.editor.url')}
              value={url}
              onChange={(e) => {
                setUrl(e.target.value);
                setError('');
              }}
              error={Boolean(error)}
              helperText={error || ' '}
            />
            <TextField
              name="link_name"
              label={t('ui.editor.link_name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('ui.dialog.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('ui.editor.insert')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
