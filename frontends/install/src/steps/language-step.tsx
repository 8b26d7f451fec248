import { setLanguage, useTranslation } from '@agora/kit';
import LanguageIcon from '@mui/icons-material/Language';
import { MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { installApi } from '../install-api';
import { StepFrame } from '../step-frame';

/** Step 1: the language of the site (and of the wizard from here on). */
export function LanguageStep({ onNext }: { onNext: (language: string) => void }) {
  const { t } = useTranslation();
  const current = useTranslation().i18n.language;
  const [options, setOptions] = useState<{ label: string; value: string }[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    installApi.languageOptions().then(setOptions, (e: Error) => setError(e.message));
  }, []);
  return (
    <StepFrame
      icon={<LanguageIcon color="primary" />}
      title={t('ui.install.steps.language')}
      testId="install-language"
      error={error}
      next={{ label: t('ui.install.next'), onClick: () => onNext(current) }}
    >
      <TextField
        select
        fullWidth
        name="lang"
        label={t('ui.install.language_label')}
        value={options.some((o) => o.value === current) ? current : ''}
        onChange={(event) => void setLanguage(event.target.value)}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </StepFrame>
  );
}
