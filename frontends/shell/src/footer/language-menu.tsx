import { LANGUAGE_OPTIONS } from '@agora/contracts/i18n/languages';
import { useLanguage, useTranslation } from '@agora/kit';
import { MenuItem, TextField } from '@mui/material';

/** Switches the interface language (kept in this browser, and on the account when signed in). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, change } = useLanguage();
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={language}
      onChange={(e) => void change(e.target.value)}
      slotProps={{ htmlInput: { 'aria-label': t('ui.footer.language'), 'data-testid': 'language-select' } }}
    >
      {LANGUAGE_OPTIONS.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
