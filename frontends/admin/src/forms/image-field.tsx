import { Limits } from '@agora/contracts/limits';
import { ApiError, adminApi, useTranslation } from '@agora/kit';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, Stack, TextField } from '@mui/material';
import { type ChangeEvent, useRef, useState } from 'react';

/** An image's URL: typed, or uploaded (jpeg, png, webp; at most 4 MB) and shown beside the field. */
export function ImageField({
  name,
  label,
  value,
  required,
  error,
  help,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  required?: boolean;
  error?: string;
  help: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return setProblem(t('ui.admin.form.image_type'));
    if (file.size > Limits.upload.imageMaxBytes)
      return setProblem(t('ui.admin.form.image_size', { mb: Limits.upload.imageMaxBytes / 1024 / 1024 }));
    setProblem('');
    setBusy(true);
    try {
      onChange(await adminApi.uploadBranding(file));
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setProblem(failure.fieldErrors[0]?.error_msg ?? failure.message);
    } finally {
      setBusy(false);
    }
  };
  const shown = problem || error;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        name={name}
        label={label}
        required={required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(shown)}
        helperText={shown || help}
        fullWidth
        size="small"
      />
      <input ref={input} type="file" accept="image/jpeg,image/png,image/webp" hidden onChange={upload} />
      <Button
        variant="outlined"
        startIcon={<UploadIcon />}
        onClick={() => input.current?.click()}
        disabled={busy}
        sx={{ whiteSpace: 'nowrap', flex: '0 0 auto' }}
      >
        {t('ui.admin.form.upload')}
      </Button>
      {value ? (
        <Box
          component="img"
          src={value}
          alt=""
          sx={{ height: 40, maxWidth: 96, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      ) : null}
    </Stack>
  );
}
