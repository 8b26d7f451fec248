import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';

/** Languages offered for a fenced block (a language list for code blocks). */
const LANGUAGES = [
  '',
  'bash',
  'c',
  'cpp',
  'csharp',
  'css',
  'go',
  'html',
  'java',
  'javascript',
  'json',
  'kotlin',
  'markdown',
  'php',
  'python',
  'ruby',
  'rust',
  'sql',
  'swift',
  'typescript',
  'yaml',
];

/** The code dialog: the code must not be blank. */
export function CodeDialog({
  onClose,
  onInsert,
}: {
  onClose: () => void;
  onInsert: (code: string, language: string) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [language, setLanguage] = useState('');
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // a dialog's form sits inside the page's form in the React tree
    if (!code.trim()) {
      setError(t('ui.editor.code_empty'));
      return;
    }
    onInsert(code, language);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate data-testid="code-dialog">
        <DialogTitle>{t('ui.editor.code')}</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            size="small"
            label={t('ui.editor.language')}
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
            sx={{ my: 1 }}
          >
            {LANGUAGES.map((l) => (
              <MenuItem key={l || 'none'} value={l}>
                {l || t('ui.editor.no_language')}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={5}
            name="code"
            label={t('ui.editor.code')}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError('');
            }}
            error={Boolean(error)}
            helperText={error || ' '}
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
          />
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
