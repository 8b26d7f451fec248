import { LANGUAGE_OPTIONS } from '@agora/contracts/i18n/languages';
import {
  ApiError,
  accountApi,
  invalidateKeys,
  queryKeys,
  refreshProfile,
  setLanguage,
  toast,
  useSiteInfo,
  useTranslation,
} from '@agora/kit';
import { Alert, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useCurrentUser } from './use-current-user';

/** The time zones this browser knows, by IANA name. */
const timeZones = (): string[] => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes('UTC') ? known : ['UTC', ...known];
};

function InterfaceForm({ language, timeZone }: { language: string; timeZone: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const siteZone = useSiteInfo().data?.interface.time_zone ?? 'UTC';
  const zones = useMemo(timeZones, []);
  const [values, setValues] = useState({ language, time_zone: timeZone });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError('');
    try {
      await accountApi.setInterface({
        language: values.language,
        color_scheme: 'default',
        time_zone: values.time_zone,
      });
      await setLanguage(values.language);
      await refreshProfile(true);
      await invalidateKeys(client, queryKeys.currentUser());
      toast.success(t('ui.toast.update_success'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = Object.fromEntries(error.fieldErrors.map((f) => [f.error_field, f.error_msg]));
      setErrors(fields);
      if (error.fieldErrors.length === 0) setFormError(error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} data-testid="interface-settings">
      <Stack spacing={2}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <TextField
          select
          label={t('ui.settings.interface.language')}
          helperText={errors.language || t('ui.settings.interface.language_hint')}
          error={Boolean(errors.language)}
          value={values.language}
          onChange={(event) => setValues((v) => ({ ...v, language: event.target.value }))}
          sx={{ maxWidth: 320 }}
          slotProps={{ htmlInput: { 'data-testid': 'interface-language' } }}
        >
          {LANGUAGE_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('ui.settings.interface.time_zone')}
          helperText={errors.time_zone || t('ui.settings.interface.time_zone_hint')}
          error={Boolean(errors.time_zone)}
          value={values.time_zone}
          onChange={(event) => setValues((v) => ({ ...v, time_zone: event.target.value }))}
          sx={{ maxWidth: 320 }}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'interface-time-zone' } }}
        >
          <option value="">{t('ui.settings.interface.time_zone_site', { zone: siteZone })}</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
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

/** The interface settings: the member's language and time zone, kept on the account (the language at once). */
export function InterfaceSettings() {
  const { i18n } = useTranslation();
  const user = useCurrentUser();
  if (!user.data) return null;
  return <InterfaceForm key={user.data.id} language={i18n.language} timeZone={user.data.time_zone} />;
}
