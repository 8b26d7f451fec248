import { LANGUAGE_OPTIONS } from '@agora/contracts/i18n/languages';
import { toast, useLanguage } from '@agora/kit';
import { Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The interface settings: the member's language, kept on the account and switched at once. */
export function InterfaceSettings() {
  const { t } = useTranslation();
  const { language, change } = useLanguage();
  const [chosen, setChosen] = useState(language);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await change(chosen);
      toast.success(t('ui.toast.update_success'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} data-testid="interface-settings">
      <Stack spacing={2}>
        <TextField
          select
          label={t('ui.settings.interface.language')}
          helperText={t('ui.settings.interface.language_hint')}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ maxWidth: 320 }}
          slotProps={{ htmlInput: { 'data-testid': 'interface-language' } }}
        >
          {LANGUAGE_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('ui.settings.save')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
