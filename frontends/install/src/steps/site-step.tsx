import { useForm, useTranslation } from '@agora/kit';
import PublicIcon from '@mui/icons-material/Public';
import { Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { siteRules } from '../site-rules';
import { StepFrame } from '../step-frame';

export interface SiteInfo {
  site_name: string;
  site_url: string;
  contact_email: string;
  login_required: boolean;
}

/** Step 4: the site's name, address, contact and whether only members can read it. */
export function SiteStep({
  initial,
  serverErrors,
  onBack,
  onNext,
}: {
  initial: SiteInfo;
  /** Field errors the install answered for this step's fields, shown in place. */
  serverErrors: Partial<Record<keyof SiteInfo, string>>;
  onBack: () => void;
  onNext: (site: SiteInfo) => void;
}) {
  const { t } = useTranslation();
  const form = useForm(
    { site_name: initial.site_name, site_url: initial.site_url, contact_email: initial.contact_email },
    siteRules,
  );
  const [loginRequired, setLoginRequired] = useState(initial.login_required);
  const { setErrors } = form;
  useEffect(() => setErrors(serverErrors), [serverErrors, setErrors]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (values) => onNext({ ...values, login_required: loginRequired }));
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <StepFrame
        icon={<PublicIcon color="primary" />}
        title={t('ui.install.steps.site')}
        testId="install-site"
        onBack={onBack}
        next={{ label: t('ui.install.next'), submit: true }}
      >
        <Stack spacing={1}>
          <TextField label={t('ui.install.site_name')} autoFocus {...form.bind('site_name')} />
          <TextField label={t('ui.install.site_url')} type="url" {...form.bind('site_url')} />
          <TextField label={t('ui.install.contact_email')} type="email" {...form.bind('contact_email')} />
          <FormControlLabel
            control={
              <Checkbox
                name="login_required"
                checked={loginRequired}
                onChange={(event) => setLoginRequired(event.target.checked)}
              />
            }
            label={t('ui.install.login_required')}
          />
        </Stack>
      </StepFrame>
    </form>
  );
}
