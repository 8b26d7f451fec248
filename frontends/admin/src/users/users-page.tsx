import {
  type AdminUserFilter,
  type AdminUserPageItem,
  Avatar,
  adminApi,
  invalidateKeys,
  Loading,
  navigate,
  Pagination,
  queryKeys,
  RelativeTime,
  useDebounced,
  useLocation,
  useSearchParams,
  useUser,
  withParams,
} from '@agora/kit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddUsersDialog } from './add-users-dialog';
import { type UserAction, UserActionDialog } from './user-dialogs';

const FILTERS: AdminUserFilter[] = ['normal', 'suspended', 'deleted', 'inactive', 'staff'];
const PAGE_SIZE = 20;

function RowActions({ user, onAction }: { user: AdminUserPageItem; onAction: (action: UserAction) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions: UserAction[] =
    user.status === 'inactive' ? ['role', 'status', 'password', 'activation'] : ['role', 'status', 'password'];
  return (
    <>
      <IconButton
        aria-label={t('ui.admin.users.actions_of', { name: user.display_name })}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(action);
            }}
          >
            {t(`ui.admin.users.action_${action}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The admin's member list: filters, search, and the actions on each member. */
export function UsersPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const location = useLocation();
  const search = useSearchParams();
  const me = useUser();
  const filter = (FILTERS as string[]).includes(search.get('filter') ?? '')
    ? (search.get('filter') as AdminUserFilter)
    : 'normal';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [typed, setTyped] = useState(search.get('query') ?? '');
  const query = useDebounced(typed.trim(), 300);
  useEffect(() => {
    if (query !== (search.get('query') ?? '')) navigate(withParams(location, { query: query || null, page: null }));
  }, [query, search, location]);
  const params = { page, page_size: PAGE_SIZE, query, filter };
  const list = useQuery({ queryKey: queryKeys.adminUserPage(params), queryFn: () => adminApi.users(params) });
  const [open, setOpen] = useState<{ user: AdminUserPageItem; action: UserAction } | null>(null);
  const [adding, setAdding] = useState(false);
  const refresh = async () => {
    setOpen(null);
    setAdding(false);
    await invalidateKeys(client, queryKeys.adminUsers());
  };
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {t('ui.admin.menu.users')}
        </Typography>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
          {t('ui.admin.users.add')}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filter}
          onChange={(_, next: AdminUserFilter | null) =>
            next && navigate(withParams(location, { filter: next === 'normal' ? null : next, page: null }))
          }
          sx={{ flexWrap: 'wrap' }}
        >
          {FILTERS.map((value) => (
            <ToggleButton key={value} value={value}>
              {t(`ui.admin.users.filter_${value}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          size="small"
          type="search"
          label={t('ui.admin.users.search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          sx={{ ml: { sm: 'auto' }, minWidth: { sm: 240 } }}
        />
      </Stack>
      {!list.data ? (
        <Loading />
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Table size="small" data-testid="admin-users">
            <TableHead>
              <TableRow>
                <TableCell>{t('ui.admin.users.member')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('ui.form.fields.email')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('ui.admin.users.reputation')}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('ui.admin.users.joined')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('ui.admin.users.role')}</TableCell>
                <TableCell>{t('ui.admin.users.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.list.map((user) => (
                <TableRow key={user.user_id} data-user={user.username}>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Avatar avatar={user.avatar} name={user.display_name} size={28} />
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="body2" noWrap>
                          {user.display_name}
                          {me?.id === user.user_id ? ` (${t('ui.admin.users.you')})` : ''}
                        </Typography>
                        <Typography variant="caption" color="text.secondary" noWrap>
                          @{user.username}
                        </Typography>
                      </Box>
                    </Box>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{user.e_mail}</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {user.rank}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    <RelativeTime time={user.created_at} />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t(`ui.admin.roles.${user.role_name}`, { defaultValue: user.role_name })}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={t(`ui.admin.users.status_${user.status}`, { defaultValue: user.status })}
                      color={user.status === 'normal' ? 'default' : 'warning'}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <RowActions user={user} onAction={(action) => setOpen({ user, action })} />
                  </TableCell>
                </TableRow>
              ))}
              {list.data.list.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography color="text.secondary">{t('ui.admin.users.none')}</Typography>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </Paper>
      )}
      {list.data ? <Pagination currentPage={page} totalSize={list.data.count} pageSize={PAGE_SIZE} /> : null}
      {open ? <UserActionDialog {...open} onClose={() => setOpen(null)} onDone={refresh} /> : null}
      {adding ? <AddUsersDialog onClose={() => setAdding(false)} onDone={refresh} /> : null}
    </Stack>
  );
}
