import { INSTALL_DEFAULT_DB_HOST, INSTALL_SSL_MODES, InstallDatabaseType } from '@agora/contracts/install/constants';
import type { CheckDatabaseReq } from '@agora/kit';
import { rules, useForm, useTranslation } from '@agora/kit';
import StorageIcon from '@mui/icons-material/Storage';
import { FormControlLabel, MenuItem, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { installApi } from '../install-api';
import { StepFrame } from '../step-frame';

type Kind = typeof InstallDatabaseType.embedded | typeof InstallDatabaseType.postgres;

/** Step 2: the embedded database, or a PostgreSQL server checked by connecting to it. */
export function DatabaseStep({
  initial,
  onBack,
  onNext,
}: {
  initial: CheckDatabaseReq;
  onBack: () => void;
  onNext: (database: CheckDatabaseReq) => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>(
    initial.db_type === InstallDatabaseType.postgres ? InstallDatabaseType.postgres : InstallDatabaseType.embedded,
  );
  const external = kind === InstallDatabaseType.postgres;
  const form = useForm(
    {
      db_host: initial.db_host ?? INSTALL_DEFAULT_DB_HOST,
      db_name: initial.db_name ?? 'agora',
      db_username: initial.db_username ?? '',
      db_password: initial.db_password ?? '',
      ssl_mode: initial.ssl_mode ?? '',
    },
    external
      ? {
          db_host: [rules.required('db_host')],
          db_name: [rules.required('db_name')],
          db_username: [rules.required('db_username')],
        }
      : {},
  );
  const request = (values: typeof form.values): CheckDatabaseReq =>
    external
      ? {
          db_type: InstallDatabaseType.postgres,
          db_host: values.db_host.trim(),
          db_name: values.db_name.trim(),
          db_username: values.db_username.trim(),
          db_password: values.db_password,
          ssl_mode: values.ssl_mode as CheckDatabaseReq['ssl_mode'],
        }
      : { db_type: InstallDatabaseType.embedded };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (values) => {
      const body = request(values);
      await installApi.checkDatabase(body);
      onNext(body);
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <StepFrame
        icon={<StorageIcon color="primary" />}
        title={t('ui.install.steps.database')}
        testId="install-database"
        error={form.formError}
        onBack={onBack}
        next={{ label: t('ui.install.next'), submit: true, disabled: form.busy }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('ui.install.database_intro')}
        </Typography>
        <RadioGroup
          name="db_type"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as Kind);
            form.setFormError('');
          }}
        >
          <FormControlLabel
            value={InstallDatabaseType.embedded}
            control={<Radio />}
            label={t('ui.install.db_embedded')}
          />
          <FormControlLabel
            value={InstallDatabaseType.postgres}
            control={<Radio />}
            label={t('ui.install.db_postgres')}
          />
        </RadioGroup>
        {external ? (
          <Stack spacing={1} sx={{ mt: 2 }}>
            <TextField label={t('ui.install.db_host')} {...form.bind('db_host')} />
            <TextField label={t('ui.install.db_name')} {...form.bind('db_name')} />
            <TextField label={t('ui.install.db_username')} autoComplete="off" {...form.bind('db_username')} />
            <TextField
              label={t('ui.install.db_password')}
              type="password"
              autoComplete="new-password"
              {...form.bind('db_password')}
            />
            <TextField
              select
              label={t('ui.install.ssl_mode')}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              {...form.bind('ssl_mode')}
            >
              {INSTALL_SSL_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {mode || t('ui.install.ssl_default')}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        ) : null}
      </StepFrame>
    </form>
  );
}
