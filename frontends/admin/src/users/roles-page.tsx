import { adminApi, Loading, queryKeys, useTranslation } from '@agora/kit';
import { Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';

/** The roles a member can be given, with what each may do. */
export function RolesPage() {
  const { t } = useTranslation();
  const roles = useQuery({ queryKey: queryKeys.adminRoles(), queryFn: adminApi.roles });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('ui.admin.menu.roles')}
      </Typography>
      {!roles.data ? (
        <Loading />
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="admin-roles">
            <TableHead>
              <TableRow>
                <TableCell>{t('ui.admin.users.role')}</TableCell>
                <TableCell>{t('ui.admin.roles.description')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {roles.data.map((role) => (
                <TableRow key={role.id}>
                  <TableCell>{t(`ui.admin.roles.${role.name}`, { defaultValue: role.name })}</TableCell>
                  <TableCell>
                    {t(`ui.admin.roles.${role.name}_description`, { defaultValue: role.description })}
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
