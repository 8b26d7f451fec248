import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { postApi } from '../api/calls/posts';
import { useTranslation } from '../i18n/use-translation';
import { IMAGE_ACCEPT, imageFileProblem } from './image-file';

/** The image dialog: upload a file (jpeg, jpg, png, webp; ≤ 4 MB) through `file`, or give a URL. */
export function ImageDialog({
  onClose,
  onInsert,
}: {
  onClose: () => void;
  onInsert: (url: string, alt: string) => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState('');
  const [uploading, setUploading] = useState(false);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError('');
    setUploading(true);
    try {
      setUrl(await postApi.upload(file));
      if (!alt) setAlt(file.name.replace(/\.[^.]+$/, ''));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setUploading(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // a dialog's form sits inside the page's form in the React tree
    if (!url.trim()) {
      setError(t('ui.editor.image_required'));
      return;
    }
    onInsert(url, alt);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate data-testid="image-dialog">
        <DialogTitle>{t('ui.editor.image')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <Button variant="outlined" component="label" disabled={uploading}>
              {uploading ? t('ui.editor.uploading') : t('ui.editor.choose_file')}
              <input hidden type="file" name="image_file" accept={IMAGE_ACCEPT} onChange={(e) => void choose(e)} />
            </Button>
            <Typography variant="caption" color="text.secondary">
              {t('ui.editor.image_rules')}
            </Typography>
            <TextField
              name="image_url"
              label={t('ui.editor.image_url')}
              value={url}
              onChange={(e) => {
                setUrl(e.target.value);
                setError('');
              }}
              error={Boolean(error)}
              helperText={error || ' '}
            />
            <TextField
              name="image_alt"
              label={t('ui.editor.image_alt')}
              value={alt}
              onChange={(e) => setAlt(e.target.value)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('ui.dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={uploading}>
            {t('ui.editor.insert')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
