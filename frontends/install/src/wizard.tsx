import { InstallDatabaseType } from '@agora/contracts/install/constants';
import type { CheckDatabaseReq } from '@agora/kit';
import { useTranslation } from '@agora/kit';
import { Box, Paper, Step, StepLabel, Stepper, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useState } from 'react';
import { installApi } from './install-api';
import { AdminStep } from './steps/admin-step';
import { AlreadyInstalled } from './steps/already-installed';
import { ConfigStep } from './steps/config-step';
import { DatabaseStep } from './steps/database-step';
import { LanguageStep } from './steps/language-step';
import { ReadyStep } from './steps/ready-step';
import { type SiteInfo, SiteStep } from './steps/site-step';

const STEPS = ['language', 'database', 'config', 'site', 'admin', 'ready'] as const;
type StepName = (typeof STEPS)[number];

/** /install: the first-run wizard, one step at a time; what each step chose is kept for the next. */
export function InstallWizard() {
  const { t } = useTranslation();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [step, setStep] = useState<StepName>('language');
  const [language, setLanguage] = useState('en_US');
  const [database, setDatabase] = useState<CheckDatabaseReq>({ db_type: InstallDatabaseType.embedded });
  const [site, setSite] = useState<SiteInfo>({
    site_name: '',
    site_url: window.location.origin,
    contact_email: '',
    login_required: false,
  });
  const [siteErrors, setSiteErrors] = useState<Partial<Record<keyof SiteInfo, string>>>({});
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    installApi.checkConfigFile().then(
      (found) => setInstalled(found.db_table_exist),
      () => setInstalled(false),
    );
  }, []);
  // On the last step every step is done.
  const index = step === 'ready' ? STEPS.length : STEPS.indexOf(step);
  if (installed && step !== 'ready') return <AlreadyInstalled />;
  const go = (name: StepName) => () => setStep(name);

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', py: { xs: 2, md: 5 }, px: { xs: 1, md: 2 } }} data-testid="install-page">
      <Typography variant="h5" component="h1" align="center" sx={{ mb: 3 }}>
        {t('ui.install.title')}
      </Typography>
      <Stepper activeStep={index} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((name, i) => (
          <Step key={name} completed={i < index}>
            <StepLabel>{narrow && i !== index ? '' : t(`ui.install.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {step === 'language' ? (
          <LanguageStep
            onNext={(chosen) => {
              setLanguage(chosen);
              setStep('database');
            }}
          />
        ) : null}
        {step === 'database' ? (
          <DatabaseStep
            initial={database}
            onBack={go('language')}
            onNext={(chosen) => {
              setDatabase(chosen);
              setStep('config');
            }}
          />
        ) : null}
        {step === 'config' ? <ConfigStep database={database} onBack={go('database')} onNext={go('site')} /> : null}
        {step === 'site' ? (
          <SiteStep
            initial={site}
            serverErrors={siteErrors}
            onBack={go('config')}
            onNext={(chosen) => {
              setSite(chosen);
              setSiteErrors({});
              setStep('admin');
            }}
          />
        ) : null}
        {step === 'admin' ? (
          <AdminStep
            language={language}
            site={site}
            onBack={go('site')}
            onSiteErrors={(errors) => {
              setSiteErrors(errors);
              setStep('site');
            }}
            onInstalled={go('ready')}
          />
        ) : null}
        {step === 'ready' ? <ReadyStep /> : null}
      </Paper>
    </Box>
  );
}
