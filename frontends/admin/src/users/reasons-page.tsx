import { adminApi, Loading, queryKeys, useTranslation } from '@agora/kit';
import {
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

const OBJECT_TYPES = ['question', 'answer', 'comment', 'user'] as const;
const ACTIONS = ['flag', 'close', 'review', 'status'] as const;

/** /admin/reasons: the reasons moderation offers for each action on each kind of object. */
export function ReasonsPage() {
  const { t } = useTranslation();
  const [objectType, setObjectType] = useState<string>('question');
  const [action, setAction] = useState<string>('flag');
  const reasons = useQuery({
    queryKey: queryKeys.adminSettings(`reasons/${objectType}/${action}`),
    queryFn: () => adminApi.reasons(objectType, action),
  });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('ui.admin.menu.reasons')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          select
          size="small"
          label={t('ui.admin.reasons.object_type')}
          value={objectType}
          onChange={(event) => setObjectType(event.target.value)}
          sx={{ minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'reasons-object-type' } }}
        >
          {OBJECT_TYPES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`ui.admin.reasons.object_${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('ui.admin.reasons.action')}
          value={action}
          onChange={(event) => setAction(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          {ACTIONS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`ui.admin.reasons.action_${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {!reasons.data ? (
        <Loading />
      ) : reasons.data.length === 0 ? (
        <Typography color="text.secondary" data-testid="reasons-empty">
          {t('ui.admin.reasons.none')}
        </Typography>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="admin-reasons">
            <TableHead>
              <TableRow>
                <TableCell>{t('ui.admin.reasons.name')}</TableCell>
                <TableCell>{t('ui.admin.reasons.description')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('ui.admin.reasons.asks_text')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {reasons.data.map((reason) => (
                <TableRow key={reason.reason_key} data-reason={reason.reason_key}>
                  <TableCell sx={{ fontWeight: 600 }}>{reason.name}</TableCell>
                  <TableCell>{reason.description}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {reason.content_type ? t('ui.admin.reasons.yes') : t('ui.admin.reasons.no')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
