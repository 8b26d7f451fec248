import { DIGEST_FREQUENCIES } from '@agora/contracts/notifications/events';
import { Loading, type NotificationConfig, notificationApi, queryKeys, toast, useTranslation } from '@agora/kit';
import { Box, Button, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

type Source = 'inbox' | 'all_new_question' | 'all_new_question_for_following_tags';
const SOURCES: Source[] = ['inbox', 'all_new_question', 'all_new_question_for_following_tags'];

function NotifyForm({ config }: { config: NotificationConfig }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [values, setValues] = useState(config);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await notificationApi.saveConfig(values);
      client.setQueryData(queryKeys.notificationConfig(), values);
      toast.success(t('ui.toast.update_success'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} data-testid="notify-settings">
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('ui.settings.notify.email')}
        </Typography>
        {SOURCES.map((source) => (
          <Box key={source}>
            <FormControlLabel
              control={
                <Switch
                  checked={values[source].enable}
                  onChange={(event) =>
                    setValues((v) => ({ ...v, [source]: { key: 'email', enable: event.target.checked } }))
                  }
                  slotProps={{ input: { 'aria-describedby': `notify-${source}-hint` } }}
                  data-testid={`notify-${source}`}
                />
              }
              label={t(`ui.settings.notify.${source}`)}
            />
            <Typography id={`notify-${source}-hint`} variant="body2" color="text.secondary" sx={{ ml: 6 }}>
              {t(`ui.settings.notify.${source}_hint`)}
            </Typography>
          </Box>
        ))}
        <TextField
          select
          label={t('ui.settings.notify.digest')}
          helperText={t('ui.settings.notify.digest_hint')}
          value={values.digest}
          onChange={(event) => setValues((v) => ({ ...v, digest: event.target.value as NotificationConfig['digest'] }))}
          sx={{ maxWidth: 320 }}
          slotProps={{ htmlInput: { 'data-testid': 'notify-digest' } }}
        >
          {DIGEST_FREQUENCIES.map((frequency) => (
            <MenuItem key={frequency} value={frequency}>
              {t(`ui.settings.notify.digest_${frequency}`)}
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

/** The e-mail notification switches (inbox, every new question, new questions in followed tags) and the digest. */
export function NotifySettings() {
  const config = useQuery({ queryKey: queryKeys.notificationConfig(), queryFn: () => notificationApi.config() });
  if (config.isPending) return <Loading />;
  if (!config.data) return null;
  return <NotifyForm config={config.data} />;
}
