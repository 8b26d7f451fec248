import { assistantAdminApi, toast, useTranslation } from '@agora/kit';
import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import { Autocomplete, Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';

/**
 * The chosen provider's model: typed, or picked from the models the provider lists for the host and key in the form
 * ("Load models"; a provider that refuses says why in a toast).
 */
export function ModelField({
  value,
  onChange,
  host,
  apiKey,
  error,
}: {
  value: string;
  onChange: (model: string) => void;
  host: string;
  apiKey: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const [models, setModels] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const load = async () => {
    setBusy(true);
    try {
      const listed = await assistantAdminApi.aiModels({ api_host: host, api_key: apiKey });
      setModels(listed.map((model) => model.id));
      toast.success(t('ui.admin.ai.models_loaded', { count: listed.length }));
      if (listed.length > 0) setOpen(true);
    } catch {
      // The API client showed the provider's refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <Autocomplete
        freeSolo
        fullWidth
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        options={models}
        inputValue={value}
        onInputChange={(_, typed) => onChange(typed)}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={t('ui.admin.ai.model')}
            error={Boolean(error)}
            helperText={error || t('ui.admin.ai.model_help')}
            slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'ai-model' } }}
          />
        )}
        slotProps={{ listbox: { 'data-testid': 'ai-model-options' } as object }}
      />
      <Button
        variant="outlined"
        startIcon={<CloudDownloadOutlinedIcon />}
        onClick={() => void load()}
        disabled={busy}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0, height: 40 }}
        data-testid="ai-load-models"
      >
        {t('ui.admin.ai.load_models')}
      </Button>
    </Stack>
  );
}
