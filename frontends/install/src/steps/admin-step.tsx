import type { InitBaseInfoReq } from '@agora/kit';
import { ApiError, rules, useForm, useTranslation } from '@agora/kit';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { Stack, TextField, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import { installApi } from '../install-api';
import { StepFrame } from '../step-frame';
import type { SiteInfo } from './site-step';

const SITE_FIELDS: readonly string[] = ['site_name', 'site_url', 'contact_email', 'lang'];

/** Step 5: the admin account; its button installs (`base-info`). Errors of the site's fields go back there. */
export function AdminStep({
  language,
  site,
  onBack,
  onSiteErrors,
  onInstalled,
}: {
  language: string;
  site: SiteInfo;
  onBack: () => void;
  onSiteErrors: (errors: Partial<Record<keyof SiteInfo, string>>) => void;
  onInstalled: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm(
    { name: '', email: '', password: '' },
    { name: [rules.loginName], email: [rules.email], password: [rules.password] },
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (values) => {
      const body: InitBaseInfoReq = {
        lang: language,
        ...site,
        external_content_display: 'always_display',
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
      };
      try {
        await installApi.baseInfo(body);
      } catch (error) {
        const siteErrors =
          error instanceof ApiError ? error.fieldErrors.filter((f) => SITE_FIELDS.includes(f.error_field)) : [];
        if (siteErrors.length) {
          onSiteErrors(Object.fromEntries(siteErrors.map((f) => [f.error_field, f.error_msg])));
          return;
        }
        throw error;
      }
      onInstalled();
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <StepFrame
        icon={<AdminPanelSettingsIcon color="primary" />}
        title={t('ui.install.steps.admin')}
        testId="install-admin"
        error={form.formError}
        onBack={onBack}
        next={{
          label: form.busy ? t('ui.install.installing') : t('ui.install.install'),
          submit: true,
          disabled: form.busy,
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('ui.install.admin_intro')}
        </Typography>
        <Stack spacing={1}>
          <TextField label={t('ui.install.admin_name')} autoComplete="username" autoFocus {...form.bind('name')} />
          <TextField label={t('ui.install.admin_email')} type="email" autoComplete="email" {...form.bind('email')} />
          <TextField
            label={t('ui.install.admin_password')}
            type="password"
            autoComplete="new-password"
            {...form.bind('password')}
          />
        </Stack>
      </StepFrame>
    </form>
  );
}
