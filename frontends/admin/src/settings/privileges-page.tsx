import { adminApi, invalidateKeys, Loading, queryKeys, toast, useTranslation } from '@agora/kit';
import {
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
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

const PATH = 'setting/privileges';

/** The privilege levels, each with the reputation its permissions need; the admin picks one. */
export function PrivilegesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.adminSettings(PATH), queryFn: adminApi.privileges });
  const [level, setLevel] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (query.data) setLevel(query.data.selected_level);
  }, [query.data]);
  if (!query.data) return <Loading />;
  const shown = query.data.options.find((option) => option.level === level) ?? query.data.options[0];
  const save = async () => {
    setBusy(true);
    try {
      await adminApi.saveSettings(PATH, { level });
      await invalidateKeys(client, queryKeys.adminSettings(PATH));
      toast.success(t('ui.admin.form.saved'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2}>
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
              label={`${t('ui.admin.privileges.level', { level: option.level })} — ${option.level_desc}`}
            />
          ))}
        </RadioGroup>
        <Button variant="contained" onClick={save} disabled={busy} sx={{ mt: 1 }}>
          {t('ui.admin.form.save')}
        </Button>
      </Paper>
      {shown ? (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
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
                  <TableCell align="right">{privilege.value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
    </Stack>
  );
}
