import { CUSTOM_PRIVILEGE_LEVEL } from '@agora/contracts/identity/privileges';
import { Limits } from '@agora/contracts/limits';
import { ApiError, adminApi, invalidateKeys, Loading, queryKeys, toast, useTranslation } from '@agora/kit';
import {
  Alert,
  Button,
  FormControlLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

const PATH = 'setting/privileges';
const MAX = Limits.privilegeMaxReputation;

/** A custom threshold as typed: a whole number from 1 to the limit. */
const isThreshold = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= MAX;

/**
 * The privilege levels, each with the reputation its permissions need; the admin picks one, or the custom level
 * and types each threshold.
 */
export function PrivilegesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.adminSettings(PATH), queryFn: adminApi.privileges });
  const [level, setLevel] = useState(0);
  const [custom, setCustom] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!query.data) return;
    setLevel(query.data.selected_level);
    const own = query.data.options.find((option) => option.level === CUSTOM_PRIVILEGE_LEVEL);
    setCustom(Object.fromEntries((own?.privileges ?? []).map((p) => [p.key, String(p.value)])));
  }, [query.data]);
  if (!query.data) return <Loading />;
  const shown = query.data.options.find((option) => option.level === level) ?? query.data.options[0];
  const editing = level === CUSTOM_PRIVILEGE_LEVEL;
  const invalid = editing && Object.values(custom).some((value) => !isThreshold(value));
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      const custom_privileges = Object.entries(custom).map(([key, value]) => ({ key, value: Number(value) }));
      await adminApi.saveSettings(PATH, editing ? { level, custom_privileges } : { level });
      await invalidateKeys(client, queryKeys.adminSettings(PATH));
      toast.success(t('ui.admin.form.saved'));
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.fieldErrors.map((e) => e.error_msg).join('\n') || failure.message);
    } finally {
      setBusy(false);
    }
  };
  const levelLabel = (value: number) =>
    value === CUSTOM_PRIVILEGE_LEVEL
      ? t('ui.admin.privileges.custom')
      : t('ui.admin.privileges.level', { level: value });
  return (
    <Stack spacing={2} data-testid="admin-privileges">
      <Typography variant="h5" component="h1">
        {t('ui.admin.menu.privileges')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <RadioGroup value={String(level)} onChange={(event) => setLevel(Number(event.target.value))}>
          {query.data.options.map((option) => (
            <FormControlLabel
              key={option.level}
              value={String(option.level)}
              control={<Radio />}
              label={`${levelLabel(option.level)} — ${option.level_desc}`}
            />
          ))}
        </RadioGroup>
        {error ? (
          <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
            {error}
          </Alert>
        ) : null}
        <Button variant="contained" onClick={save} disabled={busy || invalid} sx={{ mt: 1 }}>
          {t('ui.admin.form.save')}
        </Button>
      </Paper>
      {shown ? (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          {editing ? (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
              {t('ui.admin.privileges.custom_hint', { max: MAX })}
            </Typography>
          ) : null}
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('ui.admin.privileges.privilege')}</TableCell>
                <TableCell align="right">{t('ui.admin.privileges.reputation')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.privileges.map((privilege) => (
                <TableRow key={privilege.key}>
                  <TableCell>{privilege.label}</TableCell>
                  <TableCell align="right">
                    {editing ? (
                      <TextField
                        size="small"
                        value={custom[privilege.key] ?? ''}
                        error={!isThreshold(custom[privilege.key] ?? '')}
                        onChange={(event) => setCustom((all) => ({ ...all, [privilege.key]: event.target.value }))}
                        slotProps={{
                          htmlInput: {
                            inputMode: 'numeric',
                            name: privilege.key,
                            'aria-label': privilege.label,
                            style: { textAlign: 'right', width: '7ch' },
                          },
                        }}
                      />
                    ) : (
                      privilege.value
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
    </Stack>
  );
}
