import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField,
  Tooltip,
} from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useStore } from '../store';
import { captchaStore, refreshCaptcha } from './captcha';
import { RefreshIcon } from './icons';

/** The captcha modal (captcha cannot be empty; a wrong answer shows the server's message). */
export function CaptchaModal() {
  const { t } = useTranslation();
  const request = useStore(captchaStore);
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  useEffect(() => {
    if (request) {
      setCode('');
      setEmpty(false);
    }
  }, [request]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    if (!code.trim()) {
      setEmpty(true);
      return;
    }
    request.answer({ captcha_id: request.record.captcha_id, captcha_code: code.trim() });
  };
  const message = empty ? t('ui.messages.captcha_empty') : request?.error;
  return (
    <Dialog open={request !== null} onClose={() => request?.answer(null)} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('ui.captcha.title')}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
            {request?.record.captcha_img ? (
              <Box
                component="img"
                src={request.record.captcha_img}
                alt={t('ui.captcha.image')}
                sx={{ height: 56, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
              />
            ) : null}
            <Tooltip title={t('ui.captcha.refresh')}>
              <IconButton onClick={() => void refreshCaptcha()} aria-label={t('ui.captcha.refresh')}>
                <RefreshIcon />
              </IconButton>
            </Tooltip>
          </Box>
          <TextField
            autoFocus
            fullWidth
            name="captcha_code"
            label={t('ui.captcha.prompt')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={Boolean(message)}
            helperText={message}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => request?.answer(null)}>{t('ui.dialog.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('ui.captcha.verify')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
