import {
  type AdminUserPageItem,
  type AdminUserStatusChange,
  adminApi,
  queryKeys,
  type RoleItem,
  rules,
  SUSPEND_DURATIONS,
  type SuspendDuration,
  toast,
  useTranslation,
} from '@agora/kit';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

export type UserAction = 'role' | 'status' | 'password' | 'activation';

interface DialogProps {
  user: AdminUserPageItem;
  onClose: () => void;
  onDone: () => void;
}

function ActionDialog({
  title,
  children,
  onClose,
  onSubmit,
  canSubmit = true,
  busy,
  error,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  onSubmit?: () => void;
  canSubmit?: boolean;
  busy: boolean;
  error: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ui.admin.form.cancel')}</Button>
        {onSubmit ? (
          <Button variant="contained" onClick={onSubmit} disabled={busy || !canSubmit}>
            {t('ui.admin.form.submit')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

/** Runs an action, keeping the dialog open with the server's message when it is refused. */
function useAction(onDone: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (send: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    try {
      await send();
      toast.success(t('ui.admin.form.saved'));
      onDone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

function RoleDialog({ user, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const roles = useQuery({ queryKey: queryKeys.adminRoles(), queryFn: adminApi.roles });
  const [roleId, setRoleId] = useState(user.role_id);
  const action = useAction(onDone);
  return (
    <ActionDialog
      title={t('ui.admin.users.change_role')}
      onClose={onClose}
      busy={action.busy}
      error={action.error}
      canSubmit={roleId !== user.role_id}
      onSubmit={() => action.run(() => adminApi.changeRole(user.user_id, roleId))}
    >
      <TextField
        select
        label={t('ui.admin.users.role')}
        value={roleId}
        onChange={(event) => setRoleId(Number(event.target.value))}
        size="small"
      >
        {(roles.data ?? ([] as RoleItem[])).map((role) => (
          <MenuItem key={role.id} value={role.id}>
            {t(`ui.admin.roles.${role.name}`, { defaultValue: role.name })}
          </MenuItem>
        ))}
      </TextField>
    </ActionDialog>
  );
}

type StatusChoice = AdminUserStatusChange['status'];

function StatusDialog({ user, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusChoice>('suspended');
  const [duration, setDuration] = useState<SuspendDuration>('7d');
  const [removeContent, setRemoveContent] = useState(false);
  const action = useAction(onDone);
  const change = (): AdminUserStatusChange =>
    status === 'suspended'
      ? { status, suspend_duration: duration }
      : status === 'deleted'
        ? { status, remove_all_content: removeContent }
        : { status };
  return (
    <ActionDialog
      title={t('ui.admin.users.change_status')}
      onClose={onClose}
      busy={action.busy}
      error={action.error}
      onSubmit={() => action.run(() => adminApi.changeStatus(user.user_id, change()))}
    >
      <TextField
        select
        label={t('ui.admin.users.status')}
        value={status}
        onChange={(event) => setStatus(event.target.value as StatusChoice)}
        size="small"
        slotProps={{ htmlInput: { 'data-field': 'status' } }}
      >
        {(['normal', 'suspended', 'inactive', 'deleted'] as const).map((choice) => (
          <MenuItem key={choice} value={choice}>
            {t(`ui.admin.users.status_${choice}`)}
          </MenuItem>
        ))}
      </TextField>
      {status === 'suspended' ? (
        <TextField
          select
          label={t('ui.admin.users.suspend_for')}
          value={duration}
          onChange={(event) => setDuration(event.target.value as SuspendDuration)}
          size="small"
        >
          {SUSPEND_DURATIONS.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {t(`ui.admin.users.duration_${choice}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {status === 'deleted' ? (
        <FormControlLabel
          control={<Checkbox checked={removeContent} onChange={(_, on) => setRemoveContent(on)} />}
          label={t('ui.admin.users.remove_content')}
        />
      ) : null}
    </ActionDialog>
  );
}

function PasswordDialog({ user, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const action = useAction(onDone);
  return (
    <ActionDialog
      title={t('ui.admin.users.change_password')}
      onClose={onClose}
      busy={action.busy}
      error={action.error}
      onSubmit={() => {
        const message = rules.password(password, t);
        setProblem(message ?? '');
        if (!message) void action.run(() => adminApi.changePassword(user.user_id, password));
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('ui.admin.users.password_signs_out')}
      </Typography>
      <TextField
        type="password"
        label={t('ui.form.fields.password')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(problem)}
        helperText={problem || ' '}
        size="small"
        autoComplete="new-password"
      />
    </ActionDialog>
  );
}

function ActivationDialog({ user, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const link = useQuery({
    queryKey: queryKeys.adminActivation(user.user_id),
    queryFn: () => adminApi.activationLink(user.user_id),
  });
  const action = useAction(onDone);
  return (
    <ActionDialog
      title={t('ui.admin.users.activation')}
      onClose={onClose}
      busy={action.busy}
      error={action.error}
      onSubmit={() => action.run(() => adminApi.resendActivation(user.user_id))}
    >
      <Typography variant="body2">{t('ui.admin.users.activation_help', { email: user.e_mail })}</Typography>
      <TextField
        label={t('ui.admin.users.activation_link')}
        value={link.data?.activation_url ?? ''}
        size="small"
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('ui.admin.users.resend_help')}
      </Typography>
    </ActionDialog>
  );
}

/** The dialog of one action on one member. */
export function UserActionDialog({ action, ...props }: DialogProps & { action: UserAction }) {
  if (action === 'role') return <RoleDialog {...props} />;
  if (action === 'status') return <StatusDialog {...props} />;
  if (action === 'password') return <PasswordDialog {...props} />;
  return <ActivationDialog {...props} />;
}
