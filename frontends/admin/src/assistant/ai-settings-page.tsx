import {
  type AiConfig,
  type AiProviderInfo,
  type AiProviderName,
  ApiError,
  assistantAdminApi,
  invalidateKeys,
  Loading,
  queryKeys,
  toast,
  useTranslation,
} from '@agora/kit';
import {
  Alert,
  Button,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  type TextFieldProps,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LoadError } from '../layout/load-error';
import {
  type AiSettingsForm,
  checkForm,
  type FormField,
  fieldOf,
  formOf,
  inputOf,
  type ProviderFields,
} from './ai-settings-form';
import { ModelField } from './model-field';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

/** The form, once the settings and the providers are read. */
function AiSettingsEditor({ config, providers }: { config: AiConfig; providers: AiProviderInfo[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form, setForm] = useState<AiSettingsForm>(() => formOf(config));
  const [problems, setProblems] = useState<Partial<Record<FormField, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = form.chosen ? form.providers[form.chosen] : undefined;
  const info = providers.find((p) => p.name === form.chosen);
  const label = (field: FormField) => t(`ui.admin.ai.${field}`);

  const set = (change: Partial<AiSettingsForm>, field?: FormField) => {
    setForm((current) => ({ ...current, ...change }));
    if (field) setProblems(({ [field]: _, ...rest }) => rest);
  };
  const setProvider = (change: Partial<ProviderFields>, field: FormField) => {
    if (!form.chosen) return;
    const name = form.chosen;
    setForm((current) => {
      const fields = current.providers[name] ?? { api_host: '', api_key: '', model: '' };
      return { ...current, providers: { ...current.providers, [name]: { ...fields, ...change } } };
    });
    setProblems(({ [field]: _, ...rest }) => rest);
  };
  const bind = (field: 'en_us' | 'zh_cn' | 'chats_per_hour' | 'max_reply_tokens' | 'embedding_model') =>
    ({
      label: label(field),
      value: form[field],
      onChange: (event) => set({ [field]: event.target.value }, field),
      error: Boolean(problems[field]),
      helperText: problems[field] || t(`ui.admin.ai.${field}_help`),
      size: 'small',
      fullWidth: true,
      slotProps: { htmlInput: { 'data-testid': `ai-${field}` } },
    }) satisfies TextFieldProps;

  const save = async () => {
    setFormError('');
    const found = checkForm(form);
    const shown: Partial<Record<FormField, string>> = {};
    for (const [field, problem] of Object.entries(found) as [FormField, NonNullable<(typeof found)[FormField]>][])
      shown[field] = t(`ui.admin.form.${problem.key}`, { field: label(field), ...problem.values });
    setProblems(shown);
    if (Object.keys(shown).length > 0) return;
    setBusy(true);
    try {
      await assistantAdminApi.saveAiConfig(inputOf(form));
      toast.success(t('ui.admin.form.saved'));
      // `siteinfo.ai_enabled` follows the switch.
      await invalidateKeys(client, queryKeys.adminAiConfig(), queryKeys.siteInfo());
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const mapped: Partial<Record<FormField, string>> = {};
      const elsewhere: string[] = [];
      for (const { error_field, error_msg } of error.fieldErrors) {
        const field = fieldOf(form, error_field);
        if (field) mapped[field] = error_msg;
        else elsewhere.push(error_msg);
      }
      setProblems(mapped);
      setFormError(elsewhere.join(' '));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack
      spacing={2}
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Section title={t('ui.admin.ai.assistant')}>
        <Typography variant="body2" color="text.secondary">
          {t('ui.admin.ai.intro')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={form.enabled}
              onChange={(_, on) => set({ enabled: on })}
              slotProps={{ input: { 'aria-describedby': 'ai-state' } }}
              data-testid="ai-enabled"
            />
          }
          label={t('ui.admin.ai.enabled')}
        />
        <Typography id="ai-state" variant="body2" color={form.enabled ? 'success.main' : 'text.secondary'}>
          {t(form.enabled ? 'ui.admin.ai.state_on' : 'ui.admin.ai.state_off')}
        </Typography>
      </Section>
      <Section title={t('ui.admin.ai.provider_section')}>
        <TextField
          select
          size="small"
          label={label('chosen')}
          value={form.chosen}
          onChange={(event) => set({ chosen: event.target.value as AiProviderName }, 'chosen')}
          error={Boolean(problems.chosen)}
          helperText={problems.chosen || t('ui.admin.ai.chosen_help')}
          slotProps={{ htmlInput: { 'data-testid': 'ai-provider' } }}
        >
          {providers.map((p) => (
            <MenuItem key={p.name} value={p.name} data-testid={`ai-provider-${p.name}`}>
              {p.display_name}
            </MenuItem>
          ))}
        </TextField>
        {form.chosen ? (
          <>
            <TextField
              size="small"
              fullWidth
              label={label('api_host')}
              value={chosen?.api_host ?? ''}
              placeholder={info?.default_api_host}
              onChange={(event) => setProvider({ api_host: event.target.value }, 'api_host')}
              error={Boolean(problems.api_host)}
              helperText={problems.api_host || t('ui.admin.ai.api_host_help', { host: info?.default_api_host ?? '' })}
              slotProps={{ htmlInput: { 'data-testid': 'ai-api-host' } }}
            />
            <TextField
              size="small"
              fullWidth
              label={label('api_key')}
              value={chosen?.api_key ?? ''}
              autoComplete="off"
              onFocus={(event) => event.target.select()}
              onChange={(event) => setProvider({ api_key: event.target.value }, 'api_key')}
              error={Boolean(problems.api_key)}
              helperText={problems.api_key || t('ui.admin.ai.api_key_help')}
              slotProps={{ htmlInput: { 'data-testid': 'ai-api-key', spellCheck: false } }}
            />
            <ModelField
              value={chosen?.model ?? ''}
              onChange={(model) => setProvider({ model }, 'model')}
              host={chosen?.api_host.trim() || info?.default_api_host || ''}
              apiKey={chosen?.api_key ?? ''}
              error={problems.model}
            />
          </>
        ) : null}
      </Section>
      <Section title={t('ui.admin.ai.limits_section')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...bind('chats_per_hour')} type="number" />
          <TextField {...bind('max_reply_tokens')} type="number" />
        </Stack>
        <TextField {...bind('embedding_model')} />
      </Section>
      <Section title={t('ui.admin.ai.prompts_section')}>
        <TextField {...bind('en_us')} multiline minRows={3} maxRows={12} />
        <TextField {...bind('zh_cn')} multiline minRows={3} maxRows={12} />
      </Section>
      {formError ? (
        <Alert severity="error" data-testid="ai-form-error">
          {formError}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" variant="contained" disabled={busy} data-testid="ai-save">
          {t('ui.admin.form.save')}
        </Button>
      </div>
    </Stack>
  );
}

/**
 * /admin/ai-settings: the AI assistant's switch, its provider (host, key shown as stars, a model typed or picked from
 * the provider's list), the members' hourly rate, a reply's length, the embedding model and the prompts per language.
 */
export function AiSettingsPage() {
  const { t } = useTranslation();
  // Read again only after a save (or a retry): a refetch on its own would wipe what is being typed.
  const config = useQuery({
    queryKey: queryKeys.adminAiConfig(),
    queryFn: assistantAdminApi.aiConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const providers = useQuery({ queryKey: queryKeys.adminAiProviders(), queryFn: assistantAdminApi.aiProviders });
  const failed = config.isError ? config : providers.isError ? providers : null;
  return (
    <Stack spacing={2} data-testid="admin-ai-settings">
      <Typography variant="h5" component="h1">
        {t('ui.admin.menu.ai_settings')}
      </Typography>
      {failed ? (
        <LoadError
          error={failed.error}
          onRetry={() => void Promise.all([config.refetch(), providers.refetch()])}
          testId="ai-settings-error"
        />
      ) : !config.data || !providers.data ? (
        <Loading />
      ) : (
        <AiSettingsEditor key={config.dataUpdatedAt} config={config.data} providers={providers.data} />
      )}
    </Stack>
  );
}
