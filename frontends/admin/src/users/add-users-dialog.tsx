import { ApiError, adminApi, rules, toast, useTranslation } from '@agora/kit';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import { useState } from 'react';

type Mode = 'one' | 'many';

/** Adds one member, or many, one per line as `name, email, password`; the server's messages by field or line. */
export function AddUsersDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('one');
  const [values, setValues] = useState({ display_name: '', email: '', password: '', users: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const bind = (field: keyof typeof values) => ({
    value: values[field],
    error: Boolean(errors[field]),
    helperText: errors[field] ?? ' ',
    size: 'small' as const,
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value })),
  });
  const check = (): Record<string, string> => {
    if (mode === 'many') return values.users.trim() ? {} : { users: t('ui.admin.users.users_required') };
    const found: Record<string, string> = {};
    const name = values.display_name.trim();
    if (name.length < 4 || name.length > 30) found.display_name = t('ui.admin.users.display_name_rule');
    const email = rules.email(values.email, t);
    if (email) found.email = email;
    const password = rules.password(values.password, t);
    if (password) found.password = password;
    return found;
  };
  const submit = async () => {
    const found = check();
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      if (mode === 'one')
        await adminApi.addUser({
          display_name: values.display_name.trim(),
          email: values.email.trim(),
          password: values.password,
        });
      else await adminApi.addUsers(values.users);
      toast.success(t('ui.admin.users.added'));
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const mapped: Record<string, string> = {};
      for (const problem of error.fieldErrors) {
        if (problem.error_field in values)
          mapped[problem.error_field] = mapped[problem.error_field]
            ? `${mapped[problem.error_field]}\n${problem.error_msg}`
            : problem.error_msg;
        else setFormError(problem.error_msg);
      }
      setErrors(mapped);
      if (error.fieldErrors.length === 0) setFormError(error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('ui.admin.users.add')}</DialogTitle>
      <DialogContent>
        <Tabs value={mode} onChange={(_, next: Mode) => setMode(next)} sx={{ mb: 2 }}>
          <Tab value="one" label={t('ui.admin.users.add_one')} />
          <Tab value="many" label={t('ui.admin.users.add_many')} />
        </Tabs>
        <Stack spacing={1}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          {mode === 'one' ? (
            <>
              <TextField label={t('ui.admin.fields.display_name')} {...bind('display_name')} />
              <TextField label={t('ui.form.fields.email')} type="email" {...bind('email')} />
              <TextField label={t('ui.form.fields.password')} type="password" {...bind('password')} />
            </>
          ) : (
            <TextField
              label={t('ui.admin.users.bulk_label')}
              placeholder={t('ui.admin.users.bulk_placeholder')}
              multiline
              minRows={5}
              {...bind('users')}
              helperText={errors.users ?? t('ui.admin.users.bulk_help')}
              sx={{ '& .MuiFormHelperText-root': { whiteSpace: 'pre-line' } }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ui.admin.form.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {t('ui.admin.users.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
