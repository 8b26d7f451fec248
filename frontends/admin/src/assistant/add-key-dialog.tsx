import { API_KEY_SCOPES } from '@agora/contracts/assistant/events';
import { type ApiKeyScope, assistantAdminApi, useTranslation } from '@agora/kit';
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { KeyDialog, scopeKey, useKeyForm } from './key-form';

/** "Add key": a description and a scope; the new key is handed to `onCreated`, to be shown once. */
export function AddKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: string) => void }) {
  const { t } = useTranslation();
  const form = useKeyForm('');
  const [scope, setScope] = useState<ApiKeyScope>('read-only');
  return (
    <KeyDialog
      title={t('ui.admin.api_keys.add')}
      testId="api-key-add"
      busy={form.busy}
      submitLabel={t('ui.admin.api_keys.create')}
      onClose={onClose}
      onSubmit={() =>
        void form.submit(async (description) => {
          const { access_key } = await assistantAdminApi.createApiKey({ description, scope });
          onCreated(access_key);
        })
      }
    >
      {form.field}
      <FormControl error={Boolean(form.problems.scope)}>
        <FormLabel id="api-key-scope">{t('ui.admin.api_keys.scope')}</FormLabel>
        <RadioGroup
          aria-labelledby="api-key-scope"
          value={scope}
          onChange={(_, value) => setScope(value as ApiKeyScope)}
        >
          {API_KEY_SCOPES.map((choice) => (
            <FormControlLabel
              key={choice}
              value={choice}
              control={<Radio size="small" />}
              data-testid={`api-key-scope-${choice}`}
              label={
                <>
                  {t(`ui.admin.api_keys.scope_${scopeKey(choice)}`)}
                  <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                    {t(`ui.admin.api_keys.scope_${scopeKey(choice)}_help`)}
                  </Typography>
                </>
              }
              sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
            />
          ))}
        </RadioGroup>
        {form.problems.scope ? <FormHelperText>{form.problems.scope}</FormHelperText> : null}
      </FormControl>
    </KeyDialog>
  );
}
