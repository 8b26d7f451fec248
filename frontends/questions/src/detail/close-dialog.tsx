import { moderationApi, queryKeys, useTranslation } from '@agora/kit';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

/**
 * A reason dialog: close a question, or report a post; a reason must be chosen, and when the
 * reason takes text the text is required.
 */
export function ReasonDialog({
  objectType,
  action,
  onClose,
  onSubmit,
}: {
  objectType: 'question' | 'answer' | 'comment';
  action: 'close' | 'flag';
  onClose: () => void;
  onSubmit: (reason: number, content: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const reasons = useQuery({
    queryKey: queryKeys.reasons(objectType, action),
    queryFn: () => moderationApi.reasons(objectType, action),
  });
  const list = reasons.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const [content, setContent] = useState('');
  const [error, setError] = useState('');
  const reason = list.find((r) => r.reason_type === chosen);
  const needsText = Boolean(reason?.content_type);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // a dialog's form sits inside the page's form in the React tree
    if (!reason) return setError(t('ui.detail.reason_empty'));
    if ((needsText || action === 'close') && !content.trim()) return setError(t('ui.detail.remark_empty'));
    void onSubmit(reason.reason_type, content.trim()).then(onClose, () => undefined);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate data-testid={`${action}-dialog`}>
        <DialogTitle>{t(action === 'close' ? 'ui.detail.close_title' : 'ui.detail.report_title')}</DialogTitle>
        <DialogContent>
          {reasons.isSuccess && list.length === 0 ? t('ui.detail.reasons_unavailable') : null}
          <RadioGroup
            value={chosen === null ? '' : String(chosen)}
            onChange={(e) => {
              setChosen(Number(e.target.value));
              setError('');
            }}
          >
            {list.map((r) => (
              <FormControlLabel
                key={r.reason_type}
                value={String(r.reason_type)}
                control={<Radio size="small" />}
                label={
                  <Box sx={{ py: 0.5 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {r.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {r.description}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
          <TextField
            fullWidth
            multiline={reason?.content_type !== 'text'}
            minRows={2}
            name="remark"
            label={t('ui.detail.remark')}
            placeholder={reason?.placeholder}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              setError('');
            }}
            error={Boolean(error)}
            helperText={error || ' '}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('ui.dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={list.length === 0}>
            {t('ui.dialog.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
