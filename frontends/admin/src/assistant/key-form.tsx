import { Limits } from '@agora/contracts/limits';
import { ApiError, type ApiKeyScope, useTranslation } from '@agora/kit';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { type ReactNode, useState } from 'react';

/** `read-only` → `read_only`: the scope's part of its message keys. */
export const scopeKey = (scope: ApiKeyScope) => scope.replace('-', '_');

type Translate = ReturnType<typeof useTranslation>['t'];

/** The description's message when it breaks a rule (required, at most the contracts' length), else ''. */
function descriptionProblem(value: string, t: Translate): string {
  const field = t('ui.admin.api_keys.description');
  if (!value.trim()) return t('ui.admin.form.required', { field });
  const max = Limits.apiKey.descriptionMaxLength;
  if (value.trim().length > max) return t('ui.form.too_long', { field, max });
  return '';
}

/**
 * A key's description field and the way to send the form: checked here first, then the server's field messages land
 * on their fields (any other failure the API client shows).
 */
export function useKeyForm(initial: string) {
  const { t } = useTranslation();
  const [description, setDescription] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (send: (description: string) => Promise<unknown>) => {
    const problem = descriptionProblem(description, t);
    setProblems(problem ? { description: problem } : {});
    if (problem) return;
    setBusy(true);
    try {
      await send(description.trim());
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields: Record<string, string> = {};
      // The form has two fields: the scope's message on the scope, any other on the description.
      for (const { error_field, error_msg } of error.fieldErrors)
        fields[error_field === 'scope' ? 'scope' : 'description'] = error_msg;
      setProblems(fields);
    } finally {
      setBusy(false);
    }
  };
  const field = (
    <TextField
      autoFocus
      label={t('ui.admin.api_keys.description')}
      value={description}
      onChange={(event) => {
        setDescription(event.target.value);
        // A message stays only until the field is changed: the next send checks again.
        setProblems(({ description: _, ...rest }) => rest);
      }}
      error={Boolean(problems.description)}
      helperText={
        problems.description ||
        t('ui.admin.api_keys.description_help', { length: description.length, max: Limits.apiKey.descriptionMaxLength })
      }
      size="small"
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': 'api-key-description' } }}
    />
  );
  return { field, problems, busy, submit };
}

/** The frame of the add and edit dialogs: a form, sent by its button or by Enter. */
export function KeyDialog({
  title,
  testId,
  children,
  busy,
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  busy: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid={testId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('ui.admin.form.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={`${testId}-submit`}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
