import {
  type AdminUserFilter,
  type AdminUserPageItem,
  Avatar,
  adminApi,
  invalidateKeys,
  Link,
  queryKeys,
  RelativeTime,
  useTranslation,
  useUser,
} from '@agora/kit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PurgeButton } from '../contents/purge-button';
import { AdminList, LIST_PAGE_SIZE } from '../lists/admin-list';
import { FilterBar, SearchBox, StatusTabs, useListFilters } from '../lists/list-filters';
import { RowMenu } from '../lists/row-menu';
import { AddUsersDialog } from './add-users-dialog';
import { type UserAction, UserActionDialog } from './user-dialogs';

const FILTERS: readonly AdminUserFilter[] = ['normal', 'suspended', 'deleted', 'inactive', 'staff'];

/** What an admin may do with a member (each opens its dialog); an unconfirmed member's activation link besides. */
const actionsOf = (user: AdminUserPageItem): UserAction[] =>
  user.status === 'inactive' ? ['role', 'status', 'password', 'activation'] : ['role', 'status', 'password'];

/** The admin's member list: filters, search, and the actions on each member. */
export function UsersPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const me = useUser();
  const { status: filter, page, query } = useListFilters(FILTERS, 'filter');
  const params = { page, page_size: LIST_PAGE_SIZE, query, filter };
  const list = useQuery({ queryKey: queryKeys.adminUserPage(params), queryFn: () => adminApi.users(params) });
  const [open, setOpen] = useState<{ user: AdminUserPageItem; action: UserAction } | null>(null);
  const [adding, setAdding] = useState(false);
  const refresh = async () => {
    setOpen(null);
    setAdding(false);
    await invalidateKeys(client, queryKeys.adminUsers());
  };
  return (
    <>
      <AdminList
        title={t('ui.admin.menu.users')}
        toolbar={
          <>
            {filter === 'deleted' ? (
              <PurgeButton type="users" disabled={!list.data?.count} onDone={() => void refresh()} />
            ) : null}
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
              {t('ui.admin.users.add')}
            </Button>
          </>
        }
        filters={
          <FilterBar>
            <StatusTabs
              statuses={FILTERS}
              status={filter}
              param="filter"
              labelOf={(value) => t(`ui.admin.users.filter_${value}`)}
            />
            <SearchBox label={t('ui.admin.users.search')} minWidth={240} />
          </FilterBar>
        }
        data={list.data}
        page={page}
        testId="admin-users"
        rowId={{ attribute: 'data-user', of: (user) => user.username }}
        columns={[
          {
            id: 'member',
            label: t('ui.admin.users.member'),
            cell: (user) => (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Avatar avatar={user.avatar} name={user.display_name} size={28} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" noWrap>
                    <Link to={`/admin/users/${user.user_id}`}>{user.display_name}</Link>
                    {me?.id === user.user_id ? ` (${t('ui.admin.users.you')})` : ''}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" noWrap>
                    @{user.username}
                  </Typography>
                </Box>
              </Box>
            ),
          },
          { id: 'email', label: t('ui.form.fields.email'), from: 'md', cell: (user) => user.e_mail },
          {
            id: 'reputation',
            label: t('ui.admin.users.reputation'),
            align: 'right',
            from: 'sm',
            cell: (user) => user.rank,
          },
          {
            id: 'joined',
            label: t('ui.admin.users.joined'),
            from: 'sm',
            cell: (user) => <RelativeTime time={user.created_at} />,
          },
          {
            id: 'role',
            label: t('ui.admin.users.role'),
            from: 'sm',
            cell: (user) => t(`ui.admin.roles.${user.role_name}`, { defaultValue: user.role_name }),
          },
          {
            id: 'status',
            label: t('ui.admin.users.status'),
            cell: (user) => (
              <Chip
                size="small"
                label={t(`ui.admin.users.status_${user.status}`, { defaultValue: user.status })}
                color={user.status === 'normal' ? 'default' : 'warning'}
              />
            ),
          },
        ]}
        actions={(user) => (
          <RowMenu
            label={t('ui.admin.users.actions_of', { name: user.display_name })}
            choices={actionsOf(user)}
            labelOf={(action) => t(`ui.admin.users.action_${action}`)}
            onChoose={(action) => setOpen({ user, action })}
          />
        )}
        empty={{ text: t('ui.admin.users.none') }}
      />
      {open ? <UserActionDialog {...open} onClose={() => setOpen(null)} onDone={refresh} /> : null}
      {adding ? <AddUsersDialog onClose={() => setAdding(false)} onDone={refresh} /> : null}
    </>
  );
}
